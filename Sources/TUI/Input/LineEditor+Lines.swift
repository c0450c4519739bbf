/// The input as several rows: the text wrapped at the field's width and broken at each newline
/// typed with Alt-Enter or Ctrl-J, at most `InputBarPane.maximumRows` of them, scrolled so the
/// cursor's row shows.
public struct LinesView: Hashable, Sendable {
    public var rows: [[Glyph]]
    /// The cursor within `rows`.
    public var cursor: Point
}

extension LineEditor {
    /// How many rows the text takes at `width` (at least one), counted no further than `limit`:
    /// the bar's height is asked on every keystroke, and wrapping a long paste whole each time
    /// made typing it quadratic (5,000 characters took minutes in a debug build).
    public func rowCount(width: Int, atMost limit: Int = .max) -> Int {
        min(wrapped(width: width, stoppingAfter: limit).rows.count, limit)
    }

    /// The rows to show in `width` columns, at most `limit`, the cursor's row among them.
    public func lines(width: Int, limit: Int) -> LinesView {
        let all = wrapped(width: width)
        let limit = max(limit, 1)
        let first = min(max(all.cursor.row - limit + 1, 0), max(all.rows.count - limit, 0))
        return LinesView(rows: Array(all.rows[first..<min(first + limit, all.rows.count)]),
                         cursor: Point(row: all.cursor.row - first, column: all.cursor.column))
    }

    /// Every row: a newline ends one; a glyph that would pass the width starts the next. The
    /// cursor stands before the character at its index (after the last one at the end).
    /// `stoppingAfter`: once the rows pass this many, the rest is not wrapped (nor the cursor found).
    private func wrapped(width: Int, stoppingAfter rowLimit: Int = .max) -> LinesView {
        let width = max(width, 2)
        var rows: [[Glyph]] = [[]]
        var column = 0
        var cursor: Point?
        for (index, character) in text.enumerated() {
            guard rows.count <= rowLimit else { break }
            if character == "\n" {
                if index == self.cursor { cursor = Point(row: rows.count - 1, column: column) }
                rows.append([])
                column = 0
                continue
            }
            let glyphs = TextLayout.glyphs(String(character))
            if column + TextLayout.width(glyphs) > width, column > 0 {
                rows.append([])
                column = 0
            }
            if index == self.cursor { cursor = Point(row: rows.count - 1, column: column) }
            rows[rows.count - 1].append(contentsOf: glyphs)
            column += TextLayout.width(glyphs)
        }
        if cursor == nil {
            if column >= width {
                rows.append([])
                column = 0
            }
            cursor = Point(row: rows.count - 1, column: column)
        }
        return LinesView(rows: rows, cursor: cursor ?? Point(row: 0, column: 0))
    }
}
