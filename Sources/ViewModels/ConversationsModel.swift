import ChatCore
import FoundationEssentials

/// One row of the conversations tab.
public struct ConversationRow: Hashable, Sendable, Identifiable {
    public let summary: ConversationSummary

    public var id: ChannelID { summary.channelID }
    public var other: UserProfile { summary.other }
    public var latest: Message? { summary.latest }
    public var latestTime: Date? { summary.latest?.sentAt }
    public var unread: Bool { summary.unread }
}

/// The Direct tab: conversations with the other person, latest message, time and unread flag;
/// opening one marks it read; a new one starts with a member found by nickname or email.
@MainActor
public final class ConversationsModel: Lifecycle {
    public let changes: ChangeSignal
    public private(set) var rows: Loadable<[ConversationRow]> = .loading
    public private(set) var viewer: Viewer = .guest
    /// Members found by the last `search`; nil when no search was made for the current query.
    public private(set) var found: Loadable<[UserProfile]>?
    /// What the list is filtered by (the search field of the Direct tab); empty shows every row.
    public private(set) var query = ""

    /// The conversations whose other person's nickname or email contains the query.
    public var shownRows: [ConversationRow] {
        let wanted = MemberMatch.normalized(query)
        guard !wanted.isEmpty else { return rows.value ?? [] }
        return (rows.value ?? []).filter { Self.matches($0.other, wanted) }
    }

    /// Members found by `search` with no conversation shown yet: whom a new one can start with.
    public var newContacts: [UserProfile] {
        let talkedTo = Set(shownRows.map(\.other.id))
        return (found?.value ?? []).filter { !talkedTo.contains($0.id) }
    }
    /// Shown instead of the list: a guest is told to log in, an empty list says so.
    public var placeholder: String? {
        if case .guest = viewer { return strings.logInForConversations }
        if rows.value?.isEmpty == true { return strings.noConversations }
        return nil
    }

    private let service: any SessionService & ReadingService & LiveEventsService
    private let strings: Strings
    private let gate: NicknameGate
    private let live = LiveSubscription()
    private var stale = false

    init(context: ModelContext, gate: NicknameGate) {
        service = context.service
        strings = context.strings
        changes = ChangeSignal(forwardingTo: context.changes)
        self.gate = gate
    }

    public func load() async {
        await fetch()
    }

    /// Listens first, then brings the list up to date if it was hidden: nothing falls between.
    public func willAppear() async {
        live.bind(to: service) { [weak self] event in await self?.handle(event) }
        if stale { await fetch() }
        stale = false
    }

    public func didDisappear() async {
        live.cancel()
        await fetch()
        stale = true
    }

    public func close() async {
        live.cancel()
        rows = .loading
        found = nil
        query = ""
        viewer = .guest
    }

    // MARK: Actions

    /// Opens a conversation (the chat marks it read) through the nickname gate.
    @discardableResult
    public func open(_ row: ConversationRow) async -> GateOutcome {
        await gate.open(.person(row.other))
    }

    /// Filters the list as the query is typed; members found for an earlier query are dropped.
    public func filter(_ query: String) {
        guard query != self.query else { return }
        self.query = query
        found = nil
        changes.publish()
    }

    /// Members whose nickname or email contains `query`, the viewer left out.
    public func search(_ query: String) async {
        filter(query)
        let query = query.trimmingWhitespace()
        guard !query.isEmpty else { return }
        do {
            let me = viewer.userID
            found = .loaded(try await service.searchMembers(query).filter { $0.id != me })
        } catch {
            found = .failed(strings.error(error))
        }
        changes.publish()
    }

    /// Starts (or reopens) the conversation with a member, through the nickname gate.
    @discardableResult
    public func start(with member: UserProfile) async -> GateOutcome {
        await gate.open(.person(member))
    }

    static func matches(_ user: UserProfile, _ wanted: String) -> Bool {
        user.nickname.lowercased().contains(wanted) || user.email?.lowercased().contains(wanted) == true
    }

    // MARK: Fetching

    private func handle(_ event: ChatEvent) async {
        switch event {
        case .conversationsChanged, .blocksChanged, .viewerChanged: await fetch()
        case .messagesAdded(let id, _) where rows.value?.contains(where: { $0.id == id }) == true: await fetch()
        default: break
        }
    }

    /// Re-reads the viewer and the list, then publishes once. A guest has no conversations.
    private func fetch() async {
        viewer = await service.viewer()
        switch viewer {
        case .guest:
            rows = .loaded([])
        case .member:
            do {
                rows = .loaded(try await service.conversations().map(ConversationRow.init(summary:)))
            } catch {
                rows = .failed(strings.error(error))
            }
        }
        changes.publish()
    }
}
