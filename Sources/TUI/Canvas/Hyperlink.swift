import ChatCore

/// A web link over cells of one row, which a terminal that knows OSC 8 makes clickable. Each row
/// of a wrapped link is its own placement carrying the whole address, so an escape never spans a
/// line break and a click on any piece opens the whole link.
public struct HyperlinkPlacement: Hashable, Sendable {
    public let url: String
    public private(set) var row: Int
    public let columns: Range<Int>

    /// Nil unless `url` is one tteok may emit (`LinkFinder.isOpenable`: http or https, URL
    /// characters only — no ESC, BEL, C0 or C1 byte can reach the terminal's escape).
    public init?(url: String, row: Int, columns: Range<Int>) {
        guard LinkFinder.isOpenable(url), !columns.isEmpty else { return nil }
        self.url = url
        self.row = row
        self.columns = columns
    }

    /// The cells the link lies over.
    var rect: Rect { Rect(row: row, column: columns.lowerBound, width: columns.count, height: 1) }

    /// The same link `rows` rows higher, as its cells are after a scroll.
    func raised(by rows: Int) -> HyperlinkPlacement {
        var raised = self
        raised.row -= rows
        return raised
    }

    func covers(_ point: Point) -> Bool {
        point.row == row && columns.contains(point.column)
    }
}

extension Canvas {
    /// Marks cells `columns` of `row` (absolute) as the link `url`, when it may be emitted and
    /// lies on the canvas. Drawing over any of those cells later takes the link away.
    public mutating func link(_ url: String, row: Int, columns: Range<Int>) {
        let columns = columns.clamped(to: 0..<width)
        guard row >= 0, row < height, let placement = HyperlinkPlacement(url: url, row: row, columns: columns) else { return }
        appendHyperlink(placement)
    }
}
