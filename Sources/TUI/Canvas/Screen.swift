/// Keeps the canvas last written to the terminal and hands the backend only what changed.
///
/// A frame is either whole — draw a fresh canvas, `render` it — or a redraw of some damaged parts
/// over the kept canvas (`render(only:)`), which compares and writes only those parts. The first
/// frame (and the first after `reset`, a resize or a theme change) writes every cell; later frames
/// write only cells that differ, so rendering the same canvas twice writes nothing.
@MainActor
public final class Screen {
    public let backend: TerminalBackend
    /// Changing the theme redraws every cell with the new colours.
    public var theme: Theme {
        didSet { if theme != oldValue { reset() } }
    }
    /// The canvas the terminal shows (nil before the first frame and after `reset`).
    public private(set) var lastFrame: Canvas?
    /// The parts the last frame compared and redrew: nil when it was a whole frame.
    public private(set) var lastRedrawn: [Rect]?
    private var lastCursor: Point??

    public init(backend: TerminalBackend, theme: Theme) {
        self.backend = backend
        self.theme = theme
    }

    /// A blank canvas the size of the terminal now.
    public func makeCanvas() -> Canvas {
        Canvas(size: backend.size)
    }

    /// Writes the cells of `canvas` that differ from the previous frame, then places the cursor
    /// (nil hides it) and flushes. Returns how many cells were written.
    @discardableResult
    public func render(_ canvas: Canvas, cursor: Point?) -> Int {
        if let lastFrame, lastFrame.size != canvas.size { reset() }
        let removed = removeGraphics(gone: canvas.graphics)
        let previous = lastFrame
        let written = writeChanges(canvas, in: Rect(size: canvas.size), over: previous?.cells)
        finish(canvas, cursor: cursor, written: written, flushAnyway: !removed.isEmpty)
        drawGraphics(canvas, previous: previous, removed: removed)
        drawHyperlinks(canvas, previous: previous)
        lastRedrawn = nil
        return written
    }

    /// Redraws only `rects` of the frame on the terminal: `draw` draws into the kept canvas (not
    /// a copy), and only the cells in `rects` are compared and written. Returns the cells
    /// written, or nil — nothing done — when there is no kept frame of the terminal's size or a
    /// picture lies in a rect: then a whole frame is due.
    @discardableResult
    public func render(only rects: [Rect], _ draw: (inout Canvas) -> Point?) -> Int? {
        guard var canvas = lastFrame, canvas.size == backend.size else { return nil }
        let bounds = Rect(size: canvas.size)
        // A column more on each side: a wide glyph cut at a rect's edge blanks its other half.
        let compared = rects.map { Rect(row: $0.row, column: $0.column - 1, width: $0.width + 2, height: $0.height).intersection(bounds) }
        guard compared.allSatisfy({ rect in canvas.graphics.allSatisfy { $0.rect.intersection(rect).isEmpty } }) else { return nil }
        lastFrame = nil  // the only reference: `draw` changes the kept cells in place
        let before = compared.map { Self.cells(of: canvas, in: $0) }
        let linksBefore = canvas.hyperlinks
        canvas.drawing = DrawRecord()
        let cursor = draw(&canvas)
        let recorded = canvas.drawing?.trustedMove
        canvas.drawing = nil
        var written = 0
        var moved = false
        for (rect, old) in zip(compared, before) {
            // Rows that moved up (a transcript scrolled) are moved by the terminal, not rewritten:
            // the move the drawing made, or else one found by comparing.
            let found = recorded.flatMap { $0.usable(in: rect, canvas, old: old) } ?? RowShift.find(in: canvas, old: old, rect: rect)
            let shift = found.flatMap { backend.scrollUp($0.rect, by: $0.count) ? $0 : nil }
            moved = moved || shift != nil
            written += writeChanges(canvas, in: rect, over: old, after: shift)
        }
        finish(canvas, cursor: cursor, written: written, flushAnyway: moved)
        // A link new here, or one in a part compared (its cells may have been written again).
        for link in canvas.hyperlinks where !linksBefore.contains(link) || compared.contains(where: { !$0.intersection(link.rect).isEmpty }) {
            drawHyperlink(link, canvas)
        }
        lastRedrawn = rects
        return written
    }

    /// Writes the cells of `rect` that differ from `old` (what the terminal shows in `rect`, row
    /// by row; nil: unknown, so every cell); returns how many. After `shift`, the rows it kept
    /// already show what the new frame holds (`RowShift.find` compared them); the rows it left
    /// still show what they did. Compared in place, a field at a time (`Cell.same`).
    private func writeChanges(_ canvas: Canvas, in rect: Rect, over old: [Cell]?, after shift: RowShift? = nil) -> Int {
        var changed: [Int] = []
        // Taken out of the row loop: a closure there (`shift.map { … }`) was checked to be on the
        // main actor at every row (Swift 6's dynamic isolation check, ~360 instructions each).
        let kept = shift?.kept
        canvas.cells.withUnsafeBufferPointer { cells in
            (old ?? []).withUnsafeBufferPointer { old in
                for row in rect.row..<rect.maxRow where kept?.contains(row) != true {
                    let start = row * canvas.width, oldStart = (row - rect.row) * rect.width - rect.column
                    let unknown = old.isEmpty
                    for column in rect.column..<rect.maxColumn where !cells[start + column].isContinuation {
                        // A wide glyph whose second column changed style is written again: its
                        // continuation is never written on its own.
                        let wide = cells[start + column].glyph.width == 2 && column + 1 < rect.maxColumn
                        guard unknown || !Cell.same(cells[start + column], old[oldStart + column])
                            || (wide && !Cell.same(cells[start + column + 1], old[oldStart + column + 1])) else { continue }
                        changed.append(start + column)
                    }
                }
            }
        }
        for index in changed {
            let cell = canvas.cells[index]
            backend.put(cell.glyph, style: theme.resolve(cell.style), at: Point(row: index / canvas.width, column: index % canvas.width))
        }
        return changed.count
    }

    /// Places the cursor and flushes when anything changed (cells written, or pictures taken
    /// away or rows moved: `flushAnyway`); keeps `canvas` as what is shown.
    private func finish(_ canvas: Canvas, cursor: Point?, written: Int, flushAnyway: Bool) {
        let cursorChanged = lastCursor != .some(cursor)
        if cursorChanged || written > 0 { backend.setCursor(cursor) }
        if written > 0 || cursorChanged || flushAnyway { backend.flush() }
        lastFrame = canvas
        lastCursor = .some(cursor)
    }

    private static func cells(of canvas: Canvas, in rect: Rect) -> [Cell] {
        var cells: [Cell] = []
        cells.reserveCapacity(rect.width * rect.height)
        for row in rect.row..<rect.maxRow {
            let start = row * canvas.width
            cells.append(contentsOf: canvas.cells[(start + rect.column)..<(start + rect.maxColumn)])
        }
        return cells
    }

    /// Takes off the screen every picture of the previous frame that is not in this one at the
    /// same place (scrolled, changed, covered). Returns the ids of those taken away.
    private func removeGraphics(gone current: [GraphicPlacement]) -> Set<UInt32> {
        var removed = Set<UInt32>()
        for placement in lastFrame?.graphics ?? [] where !current.contains(placement) {
            backend.removeGraphic(placement.graphic, from: placement.rect)
            removed.insert(placement.graphic.id)
        }
        return removed
    }

    /// Draws, after the cells are flushed, each picture that is new here, whose cells were written
    /// this frame (text overwrites a sixel), or that shares an id with one taken away (kitty
    /// deletes by id).
    private func drawGraphics(_ canvas: Canvas, previous: Canvas?, removed: Set<UInt32>) {
        let before = previous?.graphics ?? []
        for placement in canvas.graphics
        where !before.contains(placement) || removed.contains(placement.graphic.id) || cellsChanged(in: placement.rect, canvas, previous) {
            backend.drawGraphic(placement.graphic, at: placement.origin)
        }
    }

    /// Writes again, inside its OSC 8 escape, each link that is new here or whose cells were
    /// written this frame (which wrote them without it).
    private func drawHyperlinks(_ canvas: Canvas, previous: Canvas?) {
        let before = previous?.hyperlinks ?? []
        for link in canvas.hyperlinks {
            guard !before.contains(link) || cellsChanged(in: link.rect, canvas, previous) else { continue }
            drawHyperlink(link, canvas)
        }
    }

    private func drawHyperlink(_ link: HyperlinkPlacement, _ canvas: Canvas) {
        let cells = link.columns.map { canvas[link.row, $0] }.filter { !$0.isContinuation }
        backend.drawHyperlink(link.url, cells: cells.map { HyperlinkCell(glyph: $0.glyph, style: theme.resolve($0.style)) },
                              at: Point(row: link.row, column: link.columns.lowerBound))
    }

    private func cellsChanged(in rect: Rect, _ canvas: Canvas, _ previous: Canvas?) -> Bool {
        guard let previous else { return true }
        for row in rect.row..<rect.maxRow {
            for column in rect.column..<rect.maxColumn where previous[row, column] != canvas[row, column] { return true }
        }
        return false
    }

    /// Forgets the previous frame: the next render writes everything (resize, theme change,
    /// or after something else drew on the terminal).
    public func reset() {
        lastFrame = nil
        lastCursor = nil
        backend.clearAll()
    }
}
