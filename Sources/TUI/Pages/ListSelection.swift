/// The highlighted row of a list, kept inside the list however long it is now: rows come and
/// go under it, so it is read against the count the list has when it is used.
///
/// A list that names its rows (`id`: row → identity) keeps the highlight on the row it was put
/// on while rows arrive or leave around it — a channel created above it, the rest of a cold
/// start's rooms, a conversation moving to the top: Enter opens what the person highlighted,
/// never whatever slid under the highlight. A fixed menu keeps the position alone.
struct ListSelection: Hashable {
    private var row = 0
    /// The identity of the row the highlight was put on; nil until it is, and in a fixed menu.
    private var anchor: AnyHashable?

    /// The highlighted row among `count` (0 when the list is empty).
    func index(count: Int) -> Int {
        count > 0 ? min(max(row, 0), count - 1) : 0
    }

    /// The highlighted row of a list whose row `i` is `id(i)`: the anchored row wherever it is
    /// now; where it has gone, the row that took its place.
    func index(count: Int, id: (Int) -> AnyHashable) -> Int {
        let position = index(count: count)
        guard count > 0, let anchor, id(position) != anchor else { return position }
        return (0..<count).first { id($0) == anchor } ?? position
    }

    mutating func move(by step: Int, count: Int) {
        guard count > 0 else { return }
        row = min(max(index(count: count) + step, 0), count - 1)
    }

    /// Moves `step` rows from where the highlighted row is now, and keeps the highlight on the
    /// row it lands on.
    mutating func move(by step: Int, count: Int, id: (Int) -> AnyHashable) {
        guard count > 0 else { return }
        row = min(max(index(count: count, id: id) + step, 0), count - 1)
        anchor = id(row)
    }

    /// Highlights the row at `index` and keeps the highlight on it.
    mutating func select(_ index: Int, count: Int, id: (Int) -> AnyHashable) {
        row = index
        anchor = index >= 0 && index < count ? id(index) : nil
    }
}
