/// Keeps the canvas last written to the terminal and hands the backend only what changed.
///
/// A frame is: draw a fresh canvas, `render` it. The first frame (and the first after `reset`,
/// a resize or a theme change) writes every cell; later frames write only cells that differ, so
/// rendering the same canvas twice writes nothing.
@MainActor
public final class Screen {
    public let backend: TerminalBackend
    /// Changing the theme redraws every cell with the new colours.
    public var theme: Theme {
        didSet { if theme != oldValue { reset() } }
    }
    private var previous: Canvas?
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
        if let previous, previous.size != canvas.size { reset() }
        let removed = removeGraphics(gone: canvas.graphics)
        var written = 0
        for row in 0..<canvas.height {
            for column in 0..<canvas.width {
                let cell = canvas[row, column]
                guard !cell.isContinuation, previous?[row, column] != cell || continuationChanged(canvas, row, column) else { continue }
                backend.put(cell.glyph, style: theme.resolve(cell.style), at: Point(row: row, column: column))
                written += 1
            }
        }
        let cursorChanged = lastCursor != .some(cursor)
        if cursorChanged || written > 0 { backend.setCursor(cursor) }
        if written > 0 || cursorChanged || !removed.isEmpty { backend.flush() }
        drawGraphics(canvas, removed: removed)
        previous = canvas
        lastCursor = .some(cursor)
        return written
    }

    /// Takes off the screen every picture of the previous frame that is not in this one at the
    /// same place (scrolled, changed, covered). Returns the ids of those taken away.
    private func removeGraphics(gone current: [GraphicPlacement]) -> Set<UInt32> {
        var removed = Set<UInt32>()
        for placement in previous?.graphics ?? [] where !current.contains(placement) {
            backend.removeGraphic(placement.graphic, from: placement.rect)
            removed.insert(placement.graphic.id)
        }
        return removed
    }

    /// Draws, after the cells are flushed, each picture that is new here, whose cells were written
    /// this frame (text overwrites a sixel), or that shares an id with one taken away (kitty
    /// deletes by id).
    private func drawGraphics(_ canvas: Canvas, removed: Set<UInt32>) {
        let before = previous?.graphics ?? []
        for placement in canvas.graphics
        where !before.contains(placement) || removed.contains(placement.graphic.id) || cellsChanged(in: placement.rect, canvas) {
            backend.drawGraphic(placement.graphic, at: placement.origin)
        }
    }

    private func cellsChanged(in rect: Rect, _ canvas: Canvas) -> Bool {
        guard let previous else { return true }
        for row in rect.row..<rect.maxRow {
            for column in rect.column..<rect.maxColumn where previous[row, column] != canvas[row, column] { return true }
        }
        return false
    }

    /// Forgets the previous frame: the next render writes everything (resize, theme change,
    /// or after something else drew on the terminal).
    public func reset() {
        previous = nil
        lastCursor = nil
        backend.clearAll()
    }

    /// A wide glyph whose second column changed style must be written again: its continuation
    /// is never written on its own.
    private func continuationChanged(_ canvas: Canvas, _ row: Int, _ column: Int) -> Bool {
        guard canvas[row, column].glyph.width == 2, column + 1 < canvas.width, let previous else { return false }
        return previous[row, column + 1] != canvas[row, column + 1]
    }
}
