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
        remember(decoded, for: text)
        return decoded
    }

    /// Holds `content` as what `text` decodes to: the cache writes the text from a value it
    /// has read already (`PowerLevelsContent(json:)`), so the reads after the write decode nothing.
    static func remember(_ content: PowerLevelsContent?, for text: Data) {
        memo.withLock { memo in
            if memo.bytes + text.count > byteLimit { memo = Memo() }
            guard text.count <= byteLimit, memo.values[text] == nil else { return }
            memo.values[text] = content
            memo.bytes += text.count
        }
    }

    /// The text a room's power levels are stored as, its value held here for the reads that
    /// follow the write.
    static func storedText(of content: JSONValue) throws -> String {
        let text = try MatrixCache.jsonText(content)
        remember(content.decode(as: PowerLevelsContent.self), for: Data(text.utf8))
        return text
    }

    /// How many texts are held (for tests).
    static var count: Int { memo.withLock { $0.values.count } }
}
