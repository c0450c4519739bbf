/// Rows that moved up between two frames inside a part redrawn alone, as a transcript scrolls
/// when a live message arrives. The screen finds it by comparing the frames (no pane says so),
/// and a backend that can move cells itself (`TerminalBackend.scrollUp`) does that instead of
/// being handed each moved cell that changed again.
struct RowShift: Hashable, Sendable {
    /// The rows moved, the whole width of the part compared: after the move row `r` shows what
    /// row `r + count` showed, and the bottom `count` rows are written anew.
    let rect: Rect
    let count: Int

    /// Fewer rows kept than this are not worth a move.
    static let minimumKept = 3

    /// The rows that keep what the last frame showed `count` rows below them.
    var kept: Range<Int> { rect.row..<(rect.maxRow - count) }

    /// The move that turns `old` (the cells of `rect` on the last frame, row by row) into what
    /// `canvas` holds there for the most rows, counted up from the bottom; nil when none keeps
    /// `minimumKept` rows. A rect whose side cuts a wide glyph is never moved (a terminal cannot
    /// move half of one).
    static func find(in canvas: Canvas, old: [Cell], rect: Rect) -> RowShift? {
        guard rect.height > minimumKept, old.count == rect.width * rect.height, !cutsWideGlyph(canvas, old: old, rect: rect) else { return nil }
        var best: RowShift?
        for count in 1...(rect.height - minimumKept) {
            // A longer move keeps fewer rows at most: none can keep more than the best found.
            guard rect.height - count > best.map({ $0.kept.count }) ?? 0 else { break }
            // Rows equal to the ones `count` below them on the last frame, from the bottom up.
            var top = rect.maxRow - count
            while top > rect.row, rowsEqual(canvas, newRow: top - 1, old: old, oldRow: top - 1 + count, rect: rect) { top -= 1 }
            let kept = rect.maxRow - count - top
            guard kept >= minimumKept, kept > best.map({ $0.kept.count }) ?? 0 else { continue }
            best = RowShift(rect: Rect(row: top, column: rect.column, width: rect.width, height: rect.maxRow - top), count: count)
        }
        return best
    }

    /// This move (one the drawing made and recorded, `DrawRecord`) for the part `rect` compared,
    /// whose cells on the last frame were `old`: itself when it lies inside `rect` and cuts no wide
    /// glyph on either frame, else nil.
    func usable(in rect: Rect, _ canvas: Canvas, old: [Cell]) -> RowShift? {
        guard self.rect.intersection(rect) == self.rect, old.count == rect.width * rect.height, !self.rect.isEmpty else { return nil }
        let cuts = (self.rect.row..<self.rect.maxRow).contains { row in
            let oldStart = (row - rect.row) * rect.width - rect.column
            return canvas[row, self.rect.column].isContinuation || old[oldStart + self.rect.column].isContinuation
                || canvas[row, self.rect.maxColumn - 1].glyph.width == 2 || old[oldStart + self.rect.maxColumn - 1].glyph.width == 2
        }
        return cuts ? nil : self
    }

    private static func rowsEqual(_ canvas: Canvas, newRow: Int, old: [Cell], oldRow: Int, rect: Rect) -> Bool {
        let start = newRow * canvas.width + rect.column, oldStart = (oldRow - rect.row) * rect.width
        return canvas.cells.withUnsafeBufferPointer { cells in
            old.withUnsafeBufferPointer { old in
                (0..<rect.width).allSatisfy { Cell.same(cells[start + $0], old[oldStart + $0]) }
            }
        }
    }

    /// True when a wide glyph crosses a side of `rect` on either frame.
    private static func cutsWideGlyph(_ canvas: Canvas, old: [Cell], rect: Rect) -> Bool {
        (rect.row..<rect.maxRow).contains { row in
            let oldStart = (row - rect.row) * rect.width
            return canvas[row, rect.column].isContinuation || old[oldStart].isContinuation
                || canvas[row, rect.maxColumn - 1].glyph.width == 2 || old[oldStart + rect.width - 1].glyph.width == 2
        }
    }
}
