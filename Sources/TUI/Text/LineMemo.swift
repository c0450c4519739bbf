import ChatCore

/// The display form of the one-line strings drawn lately (channel names, nicknames, titles):
/// the same few dozen are drawn every frame, and sanitising and masking them again each time
/// was about a tenth of a keystroke's frame. Bounded: emptied when full, so a flood of distinct
/// names costs memory only up to `capacity` entries.
final class LineMemo: Sendable {
    static let capacity = 4096
    private let entries = Mutex<[String: String]>([:])

    /// The remembered form of `key`, else `make()`'s, remembered.
    func value(for key: String, _ make: () -> String) -> String {
        if let hit = entries.withLock({ $0[key] }) { return hit }
        let made = make()
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = made
        }
        return made
    }
}
