import ChatCore

/// What happened in the chats not on screen since they were last open — WeeChat's hotlist: per
/// channel or conversation, how many messages arrived and how many of them were highlights.
/// It orders where Alt-A (`/next`) goes and what the tab bar shows.
public struct Hotlist: Hashable, Sendable {
    /// One chat with activity.
    public struct Entry: Hashable, Sendable {
        public var channelID: ChannelID
        public var name: String
        public var isDirect: Bool
        public var unread: Int
        public var highlights: Int
        /// When its first still-unseen message arrived, in arrival order (WeeChat's hotlist sorts
        /// equal priorities oldest first, so nothing waits for ever behind a busy channel).
        public var since: Int
    }

    /// Activity summed over the chats of one tab.
    public struct Summary: Hashable, Sendable {
        public var chats = 0
        public var highlights = 0
    }

    public private(set) var entries: [ChannelID: Entry] = [:]
    private var clock = 0

    public init() {}

    /// One message arrived in a chat not on screen.
    public mutating func record(_ channel: ChannelID, name: String, isDirect: Bool, isHighlight: Bool) {
        clock += 1
        var entry = entries[channel] ?? Entry(channelID: channel, name: name, isDirect: isDirect, unread: 0, highlights: 0, since: clock)
        entry.name = name
        entry.unread += 1
        if isHighlight { entry.highlights += 1 }
        entries[channel] = entry
    }

    /// The chat was seen: its activity is gone.
    public mutating func clear(_ channel: ChannelID) {
        entries.removeValue(forKey: channel)
    }

    /// The entry of one chat, nil when nothing happened there.
    public func entry(_ channel: ChannelID) -> Entry? { entries[channel] }

    /// Where Alt-A goes from `current`: the chat with highlights first, then with unread
    /// messages, each group oldest activity first; nil when nothing else waits.
    public func next(after current: ChannelID?) -> Entry? {
        entries.values.filter { $0.channelID != current }.min(by: Self.comesFirst)
    }

    /// All entries in Alt-A's order.
    public var ordered: [Entry] { entries.values.sorted(by: Self.comesFirst) }

    /// Activity over direct conversations, or over channels.
    public func summary(direct: Bool) -> Summary {
        entries.values.filter { $0.isDirect == direct }.reduce(into: Summary()) {
            $0.chats += 1
            $0.highlights += $1.highlights
        }
    }

    private static func comesFirst(_ left: Entry, _ right: Entry) -> Bool {
        let leftHot = left.highlights > 0, rightHot = right.highlights > 0
        if leftHot != rightHot { return leftHot }
        return left.since < right.since
    }
}
