/// A clipped part of the canvas a pane draws into, with its own local coordinates.
///
/// (0, 0) is the region's top-left cell; nothing drawn through a region lands outside it, so a
/// pane cannot overflow into its neighbour however long or wide its text is.
public struct Region: Hashable, Sendable {
    /// Where the region is on the canvas (absolute, already clipped to its parent).
    public let frame: Rect

    public init(frame: Rect) {
        self.frame = frame
    }

    public var width: Int { frame.width }
    public var height: Int { frame.height }
    public var size: Size { Size(width: width, height: height) }

    /// A part of this region, in this region's local coordinates, clipped to it.
    public func subregion(_ local: Rect) -> Region {
        let absolute = Rect(row: frame.row + local.row, column: frame.column + local.column, width: local.width, height: local.height)
        return Region(frame: absolute.intersection(frame))
    }

    /// Rows `from ..< from + count` of this region, full width.
    public func rows(_ from: Int, count: Int) -> Region {
        subregion(Rect(row: from, column: 0, width: width, height: count))
    }

    /// This region shrunk by the given margins.
    public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Region {
        subregion(Rect(row: top, column: left, width: width - left - right, height: height - top - bottom))
    }

    /// Splits off `count` columns on the left; returns (left, rest).
    public func splitColumns(_ count: Int) -> (Region, Region) {
        let left = subregion(Rect(row: 0, column: 0, width: min(count, width), height: height))
        let rest = subregion(Rect(row: 0, column: left.width, width: width - left.width, height: height))
        return (left, rest)
    }

    /// Splits off `count` rows at the bottom; returns (rest, bottom).
    public func splitBottom(_ count: Int) -> (Region, Region) {
        let bottomHeight = min(count, height)
        let rest = rows(0, count: height - bottomHeight)
        return (rest, rows(height - bottomHeight, count: bottomHeight))
    }

    /// The absolute canvas position of a local point (for the cursor).
    public func absolute(_ local: Point) -> Point {
        Point(row: frame.row + local.row, column: frame.column + local.column)
    }
}
