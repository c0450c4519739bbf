/// One cell of the canvas.
public struct Cell: Hashable, Sendable {
    /// What is shown, already made inert and normalised (see `DisplayWidth`); empty in the second
    /// column of a wide glyph.
    public var glyph: Glyph
    public var style: Style
    /// True in the second column of a wide glyph: the terminal fills it when it draws the first.
    public var isContinuation: Bool

    public init(glyph: Glyph, style: Style, isContinuation: Bool = false) {
        self.glyph = glyph
        self.style = style
        self.isContinuation = isContinuation
    }

    public static let blank = Cell(glyph: .space, style: .plain)
    static func continuation(_ style: Style) -> Cell { Cell(glyph: noGlyph, style: style, isContinuation: true) }
    /// A continuation cell's glyph, made once (every wide glyph drawn puts one).
    private static let noGlyph = Glyph(text: "", width: 0)

    /// `==`, inlined where frames are compared cell by cell. A cell is plain data (its glyph's
    /// bytes are in it), so a copy of one costs no reference count.
    @inline(__always)
    static func same(_ cell: Cell, _ other: Cell) -> Bool {
        cell.glyph == other.glyph && cell.style == other.style && cell.isContinuation == other.isContinuation
    }
}

/// An in-memory grid of cells that panes draw into. Panes never touch the terminal: the screen
/// diffs a canvas against the previous one and the backend writes the changes.
///
/// Invariant kept by every write: a wide glyph's lead cell is always followed by exactly one
/// continuation cell, and a continuation cell always follows a wide lead. Overwriting either half
/// of a wide glyph blanks the other half, as a terminal would.
public struct Canvas: Hashable, Sendable {
    public let size: Size
    public private(set) var cells: [Cell]
    /// Pictures in a graphics protocol over some cells (kitty, sixel), in the order placed. A
    /// placement lasts only while nothing is drawn over its cells: an overlay drawn later takes it
    /// away, so a picture never covers what was drawn above it.
    public private(set) var graphics: [GraphicPlacement] = []
    /// Web links over some cells (OSC 8), each on one row; like a picture, a link lasts only while
    /// nothing is drawn over its cells.
    public private(set) var hyperlinks: [HyperlinkPlacement] = []
    /// What drawing did since the screen began a part redrawn alone over this canvas; nil
    /// otherwise (the screen clears it before keeping the canvas).
    var drawing: DrawRecord?

    public init(size: Size, fill: Cell = .blank) {
        self.size = size
        self.cells = Array(repeating: fill, count: size.width * size.height)
    }

    public var width: Int { size.width }
    public var height: Int { size.height }

    /// The whole canvas as a region.
    public var bounds: Region { Region(frame: Rect(size: size)) }

    public subscript(row: Int, column: Int) -> Cell {
        cells[row * width + column]
    }

    /// The text of a row as a terminal would show it (continuation cells add nothing).
    public func text(row: Int) -> String {
        (0..<width).reduce(into: "") { text, column in text += self[row, column].glyph.text }
    }

    /// Every row's text: what `tmux capture-pane` would show (trailing spaces trimmed).
    public var lines: [String] {
        (0..<height).map { row in
            var line = text(row: row)
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// Puts one glyph at an absolute position, keeping wide glyphs whole. A wide glyph that
    /// would stick out of `clip` (or the canvas) is replaced by a space. Returns the columns used.
    @discardableResult
    public mutating func put(_ glyph: Glyph, style: Style, at point: Point, clip: Rect) -> Int {
        let clip = clip.intersection(Rect(size: size))
        guard clip.contains(point) else { return 0 }
        if glyph.width == 2, point.column + 1 >= clip.maxColumn {
            return put(.space, style: style, at: point, clip: clip)
        }
        if !graphics.isEmpty { graphics.removeAll { $0.rect.contains(point) } }
        if !hyperlinks.isEmpty { hyperlinks.removeAll { $0.covers(point) || (glyph.width == 2 && $0.covers(Point(row: point.row, column: point.column + 1))) } }
        clearHalves(at: point, width: glyph.width)
        if drawing != nil { drawing?.wrote(row: point.row) }
        let index = point.row * width + point.column
        cells[index] = Cell(glyph: glyph, style: style)
        if glyph.width == 2 { cells[index + 1] = .continuation(style) }
        return glyph.width
    }

    /// Places `graphic` with its top-left cell at `origin`, over the cells drawn there (which
    /// the caller keeps blank). A picture that does not fit the canvas whole is not placed.
    public mutating func place(_ graphic: TerminalGraphic, at origin: Point) {
        let placement = GraphicPlacement(graphic: graphic, origin: origin)
        guard !placement.rect.isEmpty, placement.rect.intersection(Rect(size: size)) == placement.rect else { return }
        graphics.removeAll { !$0.rect.intersection(placement.rect).isEmpty }
        graphics.append(placement)
    }

    mutating func appendHyperlink(_ placement: HyperlinkPlacement) {
        hyperlinks.removeAll { $0.row == placement.row && $0.columns.overlaps(placement.columns) }
        hyperlinks.append(placement)
    }

    /// Fills a rectangle (clipped to the canvas) with spaces in `style`.
    public mutating func fill(_ rect: Rect, style: Style) {
        let rect = rect.intersection(Rect(size: size))
        for row in rect.row..<rect.maxRow {
            for column in rect.column..<rect.maxColumn {
                put(.space, style: style, at: Point(row: row, column: column), clip: rect)
            }
        }
    }

    /// Moves the cells of `rect` up by `count` rows, as a terminal scrolls a region: its top
    /// `count` rows are gone and its bottom `count` rows are blank. A pane whose body clips its
    /// text keeps every wide glyph inside the rect, so the move keeps them whole. Links move with
    /// their cells. Pictures are not moved: the screen never redraws a rect with a picture in it
    /// alone.
    public mutating func scrollUp(_ rect: Rect, by count: Int) {
        let rect = rect.intersection(Rect(size: size))
        guard count > 0, !rect.isEmpty else { return }
        let moved = min(count, rect.height)
        let width = width
        if drawing != nil { drawing?.moved(rect, by: moved) }
        // In place, each row's cells moved whole (no copy, retain or release per cell): the rows
        // scrolled out are destroyed first, so every row moved lands on uninitialised cells, and
        // the rows left at the bottom, uninitialised then, become blank.
        cells.withUnsafeMutableBufferPointer { cells in
            guard let base = cells.baseAddress else { return }
            for row in rect.row..<(rect.row + moved) { (base + row * width + rect.column).deinitialize(count: rect.width) }
            for row in rect.row..<(rect.maxRow - moved) {
                (base + row * width + rect.column).moveInitialize(from: base + (row + moved) * width + rect.column, count: rect.width)
            }
            for row in (rect.maxRow - moved)..<rect.maxRow { (base + row * width + rect.column).initialize(repeating: .blank, count: rect.width) }
        }
        if !hyperlinks.isEmpty { raiseHyperlinks(in: rect, by: moved) }
    }

    /// The links in `rect` after its cells moved up `moved` rows: each goes up with them, and one
    /// scrolled out of the rect, or cut by its side (half its cells moved), is gone. Left at its
    /// row, a link would be written again over the text that moved under it.
    private mutating func raiseHyperlinks(in rect: Rect, by moved: Int) {
        let columns = rect.column..<rect.maxColumn
        hyperlinks = hyperlinks.compactMap { link in
            guard (rect.row..<rect.maxRow).contains(link.row), link.columns.overlaps(columns) else { return link }
            guard link.columns.clamped(to: columns) == link.columns, link.row - moved >= rect.row else { return nil }
            return link.raised(by: moved)
        }
    }

    /// Before `width` columns at `point` are overwritten: blank the far half of any wide glyph
    /// that the write cuts through on either side.
    private mutating func clearHalves(at point: Point, width glyphWidth: Int) {
        let rowStart = point.row * width
        let first = point.column
        let last = point.column + max(glyphWidth, 1) - 1
        if cells[rowStart + first].isContinuation, first > 0 {
            cells[rowStart + first - 1] = Cell(glyph: .space, style: cells[rowStart + first - 1].style)
        }
        if cells[rowStart + last].glyph.width == 2, last + 1 < width {
            cells[rowStart + last + 1] = Cell(glyph: .space, style: cells[rowStart + last + 1].style)
        }
    }
}
