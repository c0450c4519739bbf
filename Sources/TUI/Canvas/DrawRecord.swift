/// What drawing over the kept canvas did while a part of the frame was redrawn alone
/// (`Screen.render(only:)`): the rows it moved up, if it moved any once (a transcript scrolling
/// for a live message), and the rows it wrote. The screen repeats such a move on the terminal
/// and compares only the rows the move did not keep, instead of finding the move by comparing
/// every moved row with the last frame (`RowShift.find`, most of a live message's frame once the
/// cells were plain data). A draw that moved twice, or wrote into the rows it moved before moving
/// them, is compared as before.
struct DrawRecord: Hashable, Sendable {
    private(set) var move: RowShift?
    /// Rows written since the move (since the start before it), as one range that holds them all.
    private(set) var written: Range<Int>?
    private var tangled = false

    mutating func wrote(row: Int) {
        written = written.map { min($0.lowerBound, row)..<max($0.upperBound, row + 1) } ?? row..<(row + 1)
    }

    mutating func moved(_ rect: Rect, by count: Int) {
        if move != nil || written.map({ $0.overlaps(rect.row..<rect.maxRow) }) == true { tangled = true }
        move = RowShift(rect: rect, count: count)
        written = nil
    }

    /// The move, when it is the only one and nothing was written since into the rows it kept.
    var trustedMove: RowShift? {
        guard !tangled, let move, !move.kept.isEmpty, !(written.map { $0.overlaps(move.kept) } ?? false) else { return nil }
        return move
    }
}
