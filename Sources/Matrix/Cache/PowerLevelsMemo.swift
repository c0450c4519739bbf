import ChatCore
import FoundationEssentials

/// Power levels as the cache reads them back. Every read of a room's row decodes its
/// `power_levels` JSON, and the channel list reads all rooms: on the 1,000-room account that
/// decoding was the largest single part of a live burst's CPU (perf: 15% under
/// `CachedRoom.init(row:)`). The same text always decodes to the same value, so each distinct text
/// is decoded once. A hostile server controls these texts: the memo holds at most
/// `byteLimit` bytes of them and starts again when full, and a text that does not decode is
/// remembered as no power levels (as before: `canSendMessages` then defaults to allowed, the
/// server still decides).
enum PowerLevelsMemo {
    static let byteLimit = 1 << 20

    private struct Memo {
        var values: [Data: PowerLevelsContent?] = [:]
        var bytes = 0
    }

    private static let memo = Mutex(Memo())

    static func content(of text: Data) -> PowerLevelsContent? {
        if let known = memo.withLock({ $0.values[text] }) { return known }
        let decoded = try? JSONDecoder().decode(PowerLevelsContent.self, from: text)
        memo.withLock { memo in
            if memo.bytes + text.count > byteLimit { memo = Memo() }
            guard text.count <= byteLimit else { return }
            memo.values[text] = decoded
            memo.bytes += text.count
        }
        return decoded
    }

    /// How many texts are held (for tests).
    static var count: Int { memo.withLock { $0.values.count } }
}
