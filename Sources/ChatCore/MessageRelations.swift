import FoundationEssentials

/// The message a reply answers, as the reply shows it: a one-line quote, or a note that the
/// original cannot be shown (not fetched, deleted, or from a blocked sender).
public struct ReplySummary: Hashable, Sendable, Codable {
    /// What is known of the original.
    public enum Parent: Hashable, Sendable, Codable {
        case message(senderNickname: String, firstLine: String)
        /// Deleted by its sender or a moderator.
        case deleted(senderNickname: String)
        /// A membership or room change (a Matrix state event someone replied to), quoted as the
        /// timeline tells it ("Bob joined"), never as its raw content.
        case roomChange(senderNickname: String, RoomChange)
        /// Not found, not reachable, or hidden from the viewer.
        case unavailable
    }

    public var parentID: MessageID
    public var parent: Parent

    public init(parentID: MessageID, parent: Parent) {
        self.parentID = parentID
        self.parent = parent
    }

    /// The first non-empty line of `text`: a quote is one line, whatever the original holds.
    public static func firstLine(of text: String) -> String {
        text.split(whereSeparator: \.isNewline).first { !$0.allSatisfy(\.isWhitespace) }.map(String.init) ?? ""
    }
}

/// One reaction key under a message, with how many people reacted with it.
public struct ReactionCount: Hashable, Sendable, Codable {
    /// The reaction, usually one emoji (any short text on Matrix).
    public var key: String
    /// How many different people reacted with `key`.
    public var count: Int
    /// The viewer is one of them.
    public var mine: Bool

    public init(key: String, count: Int, mine: Bool) {
        self.key = key
        self.count = count
        self.mine = mine
    }
}

/// Where a message stands in a thread.
public enum ThreadPosition: Hashable, Sendable, Codable {
    /// The message starts a thread with `replyCount` replies (shown under it), `unread` of them
    /// by others and not yet seen in the thread's view (the embedded community keeps a read
    /// marker per thread; on Matrix it is the server's count since the threaded receipt).
    case root(replyCount: Int, unread: Int = 0)
    /// The message is a reply in the thread started by `root` (shown in the thread, not the chat).
    case reply(root: MessageID)

    /// How many replies the thread this message starts has; nil for a reply in a thread.
    public var replyCount: Int? {
        if case .root(let count, _) = self { return count }
        return nil
    }
}

/// What kind of message this is, in the words `tteok read --json` uses.
public enum MessageKind: String, Hashable, Sendable, CaseIterable, Codable {
    case text, emote, notice, image, file, video, audio, sticker, location, encrypted, deleted, membership, roomName, topic
}

/// What a reaction may be, on every backend: one emoji or a short word, not blank.
public enum ReactionRule {
    /// Longest reaction key accepted, in characters.
    public static let maximumLength = 16

    /// `raw` trimmed, or `.invalidInput` when it is blank or too long.
    public static func key(_ raw: String) throws -> String {
        let key = raw.trimmingWhitespaceAndNewlines()
        guard !key.isEmpty, key.count <= maximumLength else { throw ChatError.invalidInput("A reaction is one emoji or a short word.") }
        return key
    }
}
