import FoundationEssentials

/// What kind of place a channel is; it decides who may post there.
public enum ChannelKind: Hashable, Sendable, Codable {
    /// The channel of one region; members of that region post, others read.
    case region(String)
    /// Anyone signed in posts.
    case open
    /// A direct conversation with one other person.
    case direct(with: UserID)
    /// A Matrix room whose power levels decide who posts.
    case room(canPost: Bool)
    /// A Matrix space (`m.space`): a heading that groups rooms, never a chat; nobody posts in it.
    case space
}

/// A channel as listed and opened.
public struct Channel: Hashable, Sendable, Codable, Identifiable {
    public var id: ChannelID
    public var name: String
    public var kind: ChannelKind
    public var topic: String
    /// End-to-end encrypted (a Matrix room with `m.room.encryption`): tteok cannot read or write
    /// its messages yet, so it must never send plaintext there. Once set it stays set.
    public var isEncrypted: Bool
    /// Archived by a moderator: still readable, nobody posts, and it leaves the default list.
    public var isArchived: Bool
    /// The space this channel is listed under (a Matrix space whose `m.space.child` names it),
    /// nil at the top of the list. `ChannelNesting` keeps these links a forest.
    public var parent: ChannelID?

    public init(id: ChannelID, name: String, kind: ChannelKind, topic: String = "", isEncrypted: Bool = false,
                isArchived: Bool = false, parent: ChannelID? = nil) {
        self.id = id
        self.name = name
        self.kind = kind
        self.topic = topic
        self.isEncrypted = isEncrypted
        self.isArchived = isArchived
        self.parent = parent
    }

    /// The region this channel belongs to, if it is a region channel.
    public var region: String? {
        if case .region(let region) = kind { return region }
        return nil
    }

    public var isDirect: Bool {
        if case .direct = kind { return true }
        return false
    }

    /// A space groups rooms and is not a chat: it is never opened for posting.
    public var isSpace: Bool { kind == .space }
}

/// A channel's recent activity, for the Discover tab.
public struct ChannelActivity: Hashable, Sendable, Codable {
    public var channel: Channel
    /// Messages in the window asked for (e.g. the last day).
    public var messageCount: Int
    public var latest: Message?

    public init(channel: Channel, messageCount: Int, latest: Message?) {
        self.channel = channel
        self.messageCount = messageCount
        self.latest = latest
    }
}

/// One row of the conversations tab.
public struct ConversationSummary: Hashable, Sendable, Codable {
    public var channelID: ChannelID
    public var other: UserProfile
    public var latest: Message?
    public var unread: Bool

    public init(channelID: ChannelID, other: UserProfile, latest: Message?, unread: Bool) {
        self.channelID = channelID
        self.other = other
        self.latest = latest
        self.unread = unread
    }
}
