import ChatCore
import FoundationEssentials

/// A message worth telling the user about, handed to the front end to ring the bell and post a
/// desktop notification. Its texts are outside text: the front end sanitises them.
public struct Announcement: Hashable, Sendable {
    public var channelID: ChannelID
    public var channelName: String
    public var sender: String
    public var text: String
    public var isDirect: Bool
    public var isHighlight: Bool
}

/// Activity in the chats not on screen, for the whole session: the hotlist (tab bar, Alt-A,
/// badges), who last wrote to me (the status line), and announcements by each chat's
/// `NotifyLevel` — never for the chat on screen.
@MainActor
public final class ActivityModel {
    public private(set) var hotlist = Hotlist()
    /// The newest direct message not yet seen, for the status line: who wrote, and where.
    public private(set) var directNotice: Hotlist.Entry?
    /// Called for each message that its chat's level announces.
    public var onAnnounce: (@MainActor (Announcement) -> Void)?

    private let service: any ReadingService
    private let changes: ChangeSignal
    private var rule: HighlightRule?
    private let words: [String]
    private var settings: NotifySettings
    private let settingsFile: URL?
    private var places: [ChannelID: (name: String, isDirect: Bool)] = [:]
    /// Chats the lists did not name when last read: not read again for each of their messages
    /// (a server could send many), only after the lists change.
    private var unnamed: Set<ChannelID> = []
    /// The chat on screen, whose messages are read as they come.
    var onScreen: () -> ChannelID? = { nil }
    /// A chat's name as the lists on screen hold it, nil when they do not show it: a message in
    /// a chat the lists show enters the hotlist in the turn it arrives, with no request first,
    /// so the tab bar and Alt-A know it no later than the list's badge does.
    var listedPlace: (ChannelID) -> (name: String, isDirect: Bool)? = { _ in nil }

    init(service: any ReadingService, changes: ChangeSignal, words: [String], settingsFile: URL?) {
        self.service = service
        self.changes = changes
        self.words = words
        self.settingsFile = settingsFile
        settings = settingsFile.map(NotifySettings.load(from:)) ?? NotifySettings()
    }

    func viewerChanged(_ viewer: Viewer) {
        rule = HighlightRule(viewer: viewer, words: words)
    }

    /// The chat on screen now: its activity is seen.
    func seen(_ channel: ChannelID?) {
        guard let channel, hotlist.entry(channel) != nil || directNotice?.channelID == channel else { return }
        hotlist.clear(channel)
        if directNotice?.channelID == channel { directNotice = nil }
        changes.publish()
    }

    // MARK: Notify levels

    /// The level of a chat (`/notify` alone shows it).
    public func level(of channel: ChannelID, isDirect: Bool) -> NotifyLevel {
        settings.level(of: channel, isDirect: isDirect)
    }

    /// `/notify LEVEL` in a chat: kept in the settings file when there is one.
    public func setLevel(_ level: NotifyLevel, for channel: ChannelID) throws {
        settings.set(level, for: channel)
        try settingsFile.map(settings.save(to:))
    }

    /// True when `message` is a highlight for the viewer (the chat pane marks it).
    public func isHighlight(_ message: Message, isDirect: Bool) -> Bool {
        rule?.isHighlight(message, isDirect: isDirect) ?? false
    }

    // MARK: Events

    /// One live event of the community's stream (the community listens once for all it keeps).
    /// The events `handle` acts on.
    static func handles(_ event: ChatEvent) -> Bool {
        switch event {
        case .messagesAdded, .channelsChanged, .conversationsChanged: true
        default: false
        }
    }

    func handle(_ event: ChatEvent) async {
        switch event {
        case .messagesAdded(let channel, let messages):
            await arrived(messages, in: channel)
        case .channelsChanged, .conversationsChanged:
            places = [:]
            unnamed = []
        default:
            break
        }
    }

    /// Handles new messages without suspending when nothing needs asking for (the chat on
    /// screen's, the viewer's own, a chat whose name is known); false leaves `event` to `handle`.
    func handleAtOnce(_ event: ChatEvent) -> Bool {
        guard case .messagesAdded(let channel, let messages) = event else { return false }
        guard let rule, channel != onScreen() else { return true }
        let fresh = Self.fresh(messages, rule: rule)
        guard !fresh.isEmpty else { return true }
        guard !unnamed.contains(channel) else { return true }
        guard let place = places[channel] ?? listedPlace(channel) else { return false }
        places[channel] = place
        record(fresh, in: channel, place: place, rule: rule)
        return true
    }

    /// Room changes (joins, renames) are no one's words: no activity, no announcement.
    private static func fresh(_ messages: [Message], rule: HighlightRule) -> [Message] {
        messages.filter { $0.senderID != rule.me && $0.delivery == .delivered && !$0.content.isRoomChange }
    }

    private func arrived(_ messages: [Message], in channel: ChannelID) async {
        guard let rule, channel != onScreen() else { return }
        let fresh = Self.fresh(messages, rule: rule)
        guard !fresh.isEmpty, let place = await place(of: channel) else { return }
        record(fresh, in: channel, place: place, rule: rule)
    }

    private func record(_ fresh: [Message], in channel: ChannelID, place: (name: String, isDirect: Bool), rule: HighlightRule) {
        let notice = directNotice
        for message in fresh {
            let isHighlight = rule.isHighlight(message, isDirect: place.isDirect)
            hotlist.record(channel, name: place.name, isDirect: place.isDirect, isHighlight: isHighlight)
            if place.isDirect { directNotice = hotlist.entry(channel) }
            guard settings.level(of: channel, isDirect: place.isDirect).announces(isHighlight: isHighlight) else { continue }
            onAnnounce?(Announcement(
                channelID: channel, channelName: place.name, sender: message.senderNickname,
                text: message.content.summary, isDirect: place.isDirect, isHighlight: isHighlight))
        }
        // Only the hotlist changed, unless the status line's notice did too.
        changes.publish(directNotice == notice ? .activity : .anything)
    }

    /// A chat's name and whether it is a direct conversation, read again after the lists change.
    private func place(of channel: ChannelID) async -> (name: String, isDirect: Bool)? {
        if let known = places[channel] { return known }
        if let listed = listedPlace(channel) {
            places[channel] = listed
            return listed
        }
        guard !unnamed.contains(channel) else { return nil }
        if let channels = try? await service.channels() {
            for each in channels { places[each.id] = (each.name, each.isDirect) }
        }
        if let conversations = try? await service.conversations() {
            for each in conversations { places[each.channelID] = (each.other.nickname, true) }
        }
        if places[channel] == nil { unnamed.insert(channel) }
        return places[channel]
    }
}
