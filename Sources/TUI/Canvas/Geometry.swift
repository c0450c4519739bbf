/// A cell position: row from the top, column from the left, both from 0.
public struct Point: Hashable, Sendable {
    public var row: Int
    public var column: Int

    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }
}

/// The size of the terminal or of a canvas, in cells.
public struct Size: Hashable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }
}

/// A rectangle of cells. Width and height never go below zero.
public struct Rect: Hashable, Sendable {
    public var row: Int
    public var column: Int
    public var width: Int
    public var height: Int

    public init(row: Int, column: Int, width: Int, height: Int) {
        self.row = row
        self.column = column
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public init(origin: Point = Point(row: 0, column: 0), size: Size) {
        self.init(row: origin.row, column: origin.column, width: size.width, height: size.height)
    }

    public var isEmpty: Bool { width == 0 || height == 0 }
    public var maxRow: Int { row + height }
    public var maxColumn: Int { column + width }

    /// The part of this rectangle inside `other` (empty when they do not meet).
    public func intersection(_ other: Rect) -> Rect {
        let top = max(row, other.row)
        let left = max(column, other.column)
        let bottom = min(maxRow, other.maxRow)
        let right = min(maxColumn, other.maxColumn)
        return Rect(row: top, column: left, width: right - left, height: bottom - top)
    }

    public func contains(_ point: Point) -> Bool {
        point.row >= row && point.row < maxRow && point.column >= column && point.column < maxColumn
    }
}
