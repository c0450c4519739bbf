import ChatCore

/// One place the quick switcher can jump to: a channel or a direct conversation, with what
/// waits there.
public struct SwitcherMatch: Hashable, Sendable {
    public enum Place: Hashable, Sendable {
        case channel(Channel)
        case conversation(ConversationSummary)
    }

    public var place: Place
    /// Messages that arrived there this session while it was not on screen, and how many of
    /// them were highlights (the hotlist's counts).
    public var unread: CountBadge
    public var highlights: Int
    /// A conversation the backend marks unread (from before this session too).
    public var marked: Bool

    public init(place: Place, unread: CountBadge = .hidden, highlights: Int = 0, marked: Bool = false) {
        self.place = place
        self.unread = unread
        self.highlights = highlights
        self.marked = marked
    }

    /// The channel's name, or the other person's nickname.
    public var name: String {
        switch place {
        case .channel(let channel): return channel.name
        case .conversation(let summary): return summary.other.nickname
        }
    }

    public var isDirect: Bool {
        if case .conversation = place { return true }
        return false
    }
}

/// Ctrl-K: jump to any channel or direct conversation by typing part of its name — Hangul
/// initial consonants too (`ㅁㅍ` finds 마포구). Opens through the nickname gate.
@MainActor
public final class QuickSwitcherModel: Lifecycle {
    public let changes: ChangeSignal
    public private(set) var query = ""
    /// Channels, then conversations, whose name contains the query.
    public private(set) var matches: Loadable<[SwitcherMatch]> = .loading

    private let service: any ReadingService
    private let strings: Strings
    private let gate: NicknameGate
    private let hotlist: @MainActor () -> Hotlist
    private var places: [SwitcherMatch.Place] = []

    init(context: ModelContext, gate: NicknameGate, hotlist: @escaping @MainActor () -> Hotlist = { Hotlist() }) {
        service = context.service
        strings = context.strings
        changes = ChangeSignal(forwardingTo: context.changes)
        self.gate = gate
        self.hotlist = hotlist
    }

    public func load() async {
        do {
            let channels = ChannelOrdering.ordered(try await service.channels(), region: nil).channels
            // A guest or a backend without conversations still switches between channels.
            let conversations = (try? await service.conversations()) ?? []
            places = channels.map(SwitcherMatch.Place.channel) + conversations.map(SwitcherMatch.Place.conversation)
            filter()
        } catch {
            matches = .failed(strings.error(error))
            changes.publish()
        }
    }

    public func setQuery(_ text: String) {
        query = text
        filter()
    }

    /// Opens the match (replacing the switcher) if the gate lets the viewer in.
    @discardableResult
    public func choose(_ match: SwitcherMatch) async -> GateOutcome {
        switch match.place {
        case .channel(let channel): return await gate.open(.channel(channel))
        case .conversation(let summary): return await gate.open(.person(summary.other))
        }
    }

    private func filter() {
        let needle = query.trimmingWhitespace()
        let activity = hotlist()
        matches = .loaded(places.compactMap { place in
            let match = Self.match(place, activity)
            return needle.isEmpty || HangulInitials.contains(match.name, needle) ? match : nil
        })
        changes.publish()
    }

    private static func match(_ place: SwitcherMatch.Place, _ activity: Hotlist) -> SwitcherMatch {
        let id: ChannelID, marked: Bool
        switch place {
        case .channel(let channel): (id, marked) = (channel.id, false)
        case .conversation(let summary): (id, marked) = (summary.channelID, summary.unread)
        }
        let entry = activity.entry(id)
        return SwitcherMatch(place: place, unread: CountBadge(count: entry?.unread ?? 0), highlights: entry?.highlights ?? 0, marked: marked)
    }
}
