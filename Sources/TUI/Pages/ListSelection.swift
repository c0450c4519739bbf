/// The highlighted row of a list, kept inside the list however long it is now: rows come and
/// go under it, so it is read against the count the list has when it is used.
struct ListSelection: Hashable {
    private var row = 0

    /// The highlighted row among `count` (0 when the list is empty).
    func index(count: Int) -> Int {
        count > 0 ? min(max(row, 0), count - 1) : 0
    }

    mutating func move(by step: Int, count: Int) {
        guard count > 0 else { return }
        row = min(max(index(count: count) + step, 0), count - 1)
    }

    mutating func select(_ index: Int) {
        row = index
    }
}
