import ChatCore
import Foundation

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
    /// Members found by the last `search`; nil when no search was made.
    public private(set) var found: Loadable<[UserProfile]>?
    /// Shown instead of the list: a guest is told to log in, an empty list says so.
    public var placeholder: String? {
        if case .guest = viewer { return strings.logInForConversations }
        if rows.value?.isEmpty == true { return strings.noConversations }
        return nil
    }

    private let service: any ChatService
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
        viewer = .guest
    }

    // MARK: Actions

    /// Opens a conversation (the chat marks it read) through the nickname gate.
    @discardableResult
    public func open(_ row: ConversationRow) async -> GateOutcome {
        await gate.open(.person(row.other))
    }

    /// Members whose nickname or email contains `query`, the viewer left out.
    public func search(_ query: String) async {
        let query = query.trimmingCharacters(in: .whitespaces)
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
