import ChatCore

/// `/search TEXT` and Ctrl-R: messages containing the words, newest first, from the history of
/// one chat or of everything the viewer reads (Korean included: the backends' search index);
/// choosing a result opens its chat at that message.
@MainActor
public final class SearchModel: Lifecycle {
    public let changes: ChangeSignal
    /// The chat searched, nil for everything; its name for the title.
    public let scope: ChannelID?
    public let scopeName: String?
    public private(set) var query: String
    /// Nil until a search was made.
    public private(set) var results: Loadable<[SearchHit]>?
    public private(set) var paging: Paging = .notStarted

    private let service: any ChatService
    private let strings: Strings
    private let openChat: @MainActor (ChannelID) async -> GateOutcome
    static let pageSize = 50

    init(context: ModelContext, scope: ChannelID?, scopeName: String?, query: String, openChat: @escaping @MainActor (ChannelID) async -> GateOutcome) {
        service = context.service
        strings = context.strings
        changes = ChangeSignal(forwardingTo: context.changes)
        self.openChat = openChat
        self.scope = scope
        self.scopeName = scopeName
        self.query = query
    }

    /// Searches at once when opened with words (`/search TEXT`).
    public func load() async {
        if !query.trimmingWhitespace().isEmpty { await search(query) }
    }

    /// The newest page of results for `text`.
    public func search(_ text: String) async {
        query = text
        results = .loading
        changes.publish()
        do {
            let page = try await service.search(SearchQuery(text: text, channel: scope, limit: Self.pageSize))
            results = .loaded(page.hits)
            paging = page.next
        } catch {
            results = .failed(strings.error(error))
            paging = .done
        }
        changes.publish()
    }

    /// The next (older) page, when the list's end is on screen.
    public func loadMore() async {
        guard case .haveMore(let token) = paging, case .loaded(let hits)? = results else { return }
        paging = .done
        do {
            let page = try await service.search(SearchQuery(text: query, channel: scope, after: token, limit: Self.pageSize))
            results = .loaded(hits + page.hits)
            paging = page.next
        } catch {
            paging = .haveMore(token)
        }
        changes.publish()
    }

    /// Opens the hit's chat (through the nickname gate; it replaces the search) and picks the
    /// message there.
    @discardableResult
    public func open(_ hit: SearchHit) async -> GateOutcome {
        let outcome = await openChat(hit.message.channelID)
        if case .opened(let chat) = outcome { await chat.reveal(hit.message.id) }
        return outcome
    }
}
