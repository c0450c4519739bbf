import ChatCore
import FoundationEssentials

/// The chat screen: title, live messages with "mine" marked, older history on demand, the input
/// bar, sending, the read marker, and exactly one live subscription while it is shown.
///
/// Made only by `NicknameGate`, so no path into a chat skips the gate.
@MainActor
public final class ChatModel: Lifecycle {
    public let changes: ChangeSignal
    /// The channel's name (or the person's), kept current: a room renamed while open is retitled.
    public private(set) var title: String
    public internal(set) var subject: ChatSubject
    /// Messages oldest first; `.loading` until the first page arrived. The lines are the
    /// timeline's own array, not a copy kept beside it: with a copy held here, every live message
    /// appended to the timeline copied all its lines first (a burst into a long chat, a thousand
    /// lines per message).
    public var messages: Loadable<[ChatLine]> {
        switch linesState {
        case .loading: .loading
        case .loaded: .loaded(timeline.lines)
        case .failed(let reason): .failed(reason)
        }
    }
    /// Whether the timeline's lines are there to show (`messages`).
    private var linesState: Loadable<Void> = .loading
    /// Whether older history remains; ask for it with `topBecameVisible()`.
    public private(set) var paging: Paging = .notStarted
    public private(set) var inputBar: InputBarState
    /// The posting rule's answer here (nil until the chat first appears): see `postingRefusal`.
    public private(set) var permission: SendPermission?
    /// A message the front end shows as an alert until `dismissAlert()`.
    public internal(set) var alert: String?
    /// Who is reading, re-read on every appearance.
    public private(set) var viewer: Viewer
    /// The message a report or block acts on; nil when none is selected (or it vanished).
    public internal(set) var selection: MessageID?
    /// The first message the viewer had not read when the chat appeared (nil: none unread); the
    /// front end marks it with a "new messages" line.
    public private(set) var firstUnread: MessageID?
    /// Who else is typing here now (live while the chat is shown).
    public internal(set) var typists = Typists.nobody

    static let pageSize = 50

    let service: any ChatService
    let strings: Strings
    let safety: SafetyModel
    var timeline = MessageTimeline()
    private let live = LiveSubscription()
    /// Read markers while messages arrive on screen: when the chat is quiet, at least every 3 s.
    private lazy var readMarkers = ReadMarkerPace { [weak self] in await self?.markRead() }
    private var isPaging = false
    private var isShown = false
    /// Set while hidden (no subscription): what arrived meanwhile is fetched on the next appearance.
    private var needsCatchUp = false
    /// The posting rule and unread count asked with the first page, for the appearance after it.
    private var preloaded: AppearanceAnswers?
    /// The viewer's own typing notices: the throttle, the idle check, and the sends in order.
    var typing: OwnTyping
    /// Who is in the chat, as many as the front end shows (`MemberListModel`).
    public private(set) lazy var members = MemberListModel(service: service as? any MembersService, strings: strings, changes: changes)
    /// Every member's name for Tab completion, indexed when they change (`CompletionNames`).
    public private(set) lazy var completionNames = CompletionNames(service: service as? any MembersService)

    init(subject: ChatSubject, viewer: Viewer, context: ModelContext) {
        self.subject = subject
        self.viewer = viewer
        service = context.service
        strings = context.strings
        safety = context.safety
        changes = ChangeSignal(forwardingTo: context.changes)
        typing = OwnTyping(service: context.sendsTyping ? context.service as? any TypingService : nil)
        switch subject {
        case .channel(let channel): title = channel.name
        case .person(let other, _): title = other.nickname
        }
        inputBar = .disabled(reason: strings.loading)
    }

    /// The channel the messages live in, once there is one.
    public var channelID: ChannelID? {
        switch subject {
        case .channel(let channel): return channel.id
        case .person(_, let id): return id
        }
    }

    // MARK: Lifecycle

    /// Listens before the first fetch, so no message falls between the page and the stream. The
    /// posting rule and the unread count the appearance that follows needs are asked at the same
    /// time: three questions in flight together wait for one round trip, not three in a row.
    public func load() async {
        bindLive()
        let asked = viewer
        async let permission = askPermission()
        async let unread = unreadCountNow()
        await reloadLatest()
        preloaded = AppearanceAnswers(viewer: asked, permission: await permission, unread: await unread)
    }

    public func willAppear() async {
        bindLive()
        viewer = await service.viewer()
        _ = timeline.relabel(for: viewer)
        // The load's answers, when the chat appears right after it for the same viewer.
        let answers = preloaded.flatMap { $0.viewer == viewer ? $0 : nil }
        preloaded = nil
        if let answers { show(answers.permission) } else { await refreshPermission() }
        if needsCatchUp { await catchUp() }
        needsCatchUp = false
        publishLines()
        isShown = true
        firstUnread = await unreadStart(counted: answers.map(\.unread))
        await readMarkers.now()
    }

    public func didDisappear() async {
        await readMarkers.flush()
        isShown = false
        live.cancel()
        needsCatchUp = true
        leftTyping()
    }

    public func close() async {
        await readMarkers.flush()
        isShown = false
        live.cancel()
        leftTyping()
        timeline = MessageTimeline()
        linesState = .loading
        paging = .notStarted
        viewer = .guest
        permission = nil
        alert = nil
        selection = nil
    }

    /// The app is quitting with this chat on screen: a read marker still waiting for its second
    /// (`ReadMarkerPace`) goes now, so what was shown is read at the next start.
    public func quitting() async {
        await readMarkers.flush()
    }

    // MARK: Actions

    public func dismissAlert() {
        guard alert != nil else { return }
        alert = nil
        changes.publish()
    }

    /// The front end reports that the oldest line is on screen: fetch the page before it.
    public func topBecameVisible() async {
        guard case .haveMore(let token) = paging, let channelID, !isPaging else { return }
        isPaging = true
        defer { isPaging = false }
        do {
            let page = try await service.olderMessages(in: channelID, before: token, limit: Self.pageSize)
            _ = timeline.prepend(page.messages, viewer: viewer)
            paging = page.next
        } catch {
            alert = strings.error(error)
        }
        publishLines()
    }

    // MARK: Live

    private func bindLive() {
        live.bind(to: service, taking: Self.handles, now: { [weak self] in self?.handleAtOnce($0) ?? true }) { [weak self] event in
            await self?.handle(event)
        }
    }

    /// The events `handle` may act on: not the counts (the channel list's), which come with
    /// every live message.
    static func handles(_ event: ChatEvent) -> Bool {
        switch event {
        case .countsChanged, .unreadCounts: false
        default: true
        }
    }

    /// Handles `event` without suspending when nothing needs asking for (a message from posters
    /// already known, an edit, a removal, typing); false leaves it to `handle`.
    private func handleAtOnce(_ event: ChatEvent) -> Bool {
        switch event {
        case .messagesAdded(let channel, let added) where channel == channelID:
            guard !added.contains(where: { members.misses(poster: $0.senderID) }) else { return false }
            take(added)
        case .messageUpdated(let message) where message.channelID == channelID:
            if timeline.update(message, viewer: viewer) { publishLines() }
        case .messageRemoved(let channel, let id) where channel == channelID:
            if timeline.remove(id) { publishLines() }
        case .typing(let channel, let typists) where channel == channelID:
            othersTyping(typists)
        case .connection(let state) where state != .online:
            // Cut off, the notices that would end them cannot arrive.
            othersTyping(.nobody)
        case .viewerChanged, .blocksChanged, .conversationsChanged, .channelsChanged:
            return false
        default:
            break
        }
        return true
    }

    /// New messages in this chat, their posters known.
    private func take(_ added: [Message]) {
        completionNames.notice(added)
        // Thread replies belong to their thread's view; the root's count comes as an update.
        let merged = timeline.mergeTelling(added.filter { !$0.isThreadReply }, viewer: viewer)
        guard merged != .nothing else { return }
        // Lines only added at the end: a front end can draw just those.
        publishLines(merged == .appended ? .linesAppended(chat: ObjectIdentifier(self)) : .anything)
        if isShown { readMarkers.arrived() }
    }

    private func handle(_ event: ChatEvent) async {
        guard !handleAtOnce(event) else { return }
        switch event {
        case .messagesAdded(_, let added):
            for poster in Set(added.map(\.senderID)) where members.misses(poster: poster) { await members.noticePoster(poster) }
            take(added)
        case .viewerChanged(let newViewer):
            viewer = newViewer
            _ = timeline.relabel(for: viewer)
            await refreshPermission()
            publishLines()
        case .blocksChanged:
            completionNames.membersChanged()
            await reloadLatest()
            publishLines()
        case .conversationsChanged:
            await discoverConversation()
        case .channelsChanged:
            await followChannel()
        default:
            break
        }
    }

    /// Re-reads the open channel after the channel list changed: a moderator's rename shows in
    /// the title at once, and an archive (or restore) in the input bar (a failed read keeps what
    /// is shown).
    private func followChannel() async {
        guard case .channel(let channel) = subject, let current = try? await service.channel(named: channel.id.raw),
              current.id == channel.id, current != channel else { return }
        subject = .channel(current)
        title = current.name
        if current.isArchived != channel.isArchived { await refreshPermission() }
        changes.publish()
    }

    /// Asks the posting rule again and shows its answer in the input bar.
    private func refreshPermission() async {
        show(await askPermission())
    }

    private func show(_ permission: SendPermission) {
        self.permission = permission
        inputBar = InputBarState.make(permission: permission, strings: strings)
    }

    // MARK: Fetching

    private func reloadLatest() async {
        guard let channelID else {
            timeline = MessageTimeline()
            linesState = .loaded(())
            paging = .done
            return
        }
        do {
            let page = try await service.latestMessages(in: channelID, limit: Self.pageSize)
            timeline.replaceAll(with: page.messages, viewer: viewer)
            paging = page.next
            linesState = .loaded(())
        } catch {
            linesState = .failed(strings.error(error))
        }
    }

    /// After being hidden: adds what arrived meanwhile; a gap too big for one page starts afresh.
    /// Lines of anyone blocked meanwhile go (the `blocksChanged` was missed while hidden).
    private func catchUp() async {
        if let blocked = try? await service.blockedUsers() { _ = timeline.remove(sentBy: Set(blocked.map(\.id))) }
        guard let channelID, let page = try? await service.latestMessages(in: channelID, limit: Self.pageSize) else { return }
        if timeline.lines.isEmpty || timeline.overlaps(page.messages) {
            _ = timeline.merge(page.messages, viewer: viewer)
        } else {
            timeline.replaceAll(with: page.messages, viewer: viewer)
            paging = page.next
        }
    }

    private func discoverConversation() async {
        guard case .person(let other, nil) = subject,
              let id = try? await service.directChannel(with: other.id) else { return }
        subject = .person(other, id)
        await reloadLatest()
        changes.publish()
    }

    /// Keeps the viewer's read marker at the end while the chat is open (a guest's too, where the
    /// backend keeps one). A failure only leaves the badge up, so it is not worth an alert.
    private func markRead() async {
        guard let channelID else { return }
        try? await service.markRead(channelID)
    }

    /// Shows a message the viewer just posted (a reply, an action) at once.
    func showPosted(_ message: Message) {
        if timeline.merge([message], viewer: viewer) { publishLines() }
    }

    /// The oldest of the newest `unreadCount` messages of others (mine are never unread), older
    /// pages loaded to reach it (at most `unreadPages`); nil when it lies further back than that,
    /// as a line above a message that is not the first unread would mislead.
    /// `counted`: the count already asked (nil inside when that failed), else it is asked now.
    private func unreadStart(counted: Int?? = nil) async -> MessageID? {
        let counted: Int? = if let counted { counted } else { await unreadCountNow() }
        guard let unread = counted, unread > 0 else { return nil }
        for _ in 0...Self.unreadPages {
            let others = timeline.lines.filter { !$0.isMine }
            if others.count >= unread { return others[others.count - unread].id }
            guard case .haveMore = paging else { return others.first?.id }
            await topBecameVisible()
        }
        return nil
    }

    /// The viewer's unread count here; nil without a channel or when it cannot be read.
    private func unreadCountNow() async -> Int? {
        guard let channelID else { return nil }
        return try? await service.unreadCount(in: channelID)
    }

    /// Pages loaded at most to reach the first unread message when a chat appears.
    static let unreadPages = 4

    /// Takes a line out at once (a discarded message), whether or not an event follows.
    func dropLine(_ id: MessageID) {
        if timeline.remove(id) { publishLines() }
    }

    func publishLines(_ change: ModelChange = .anything) {
        // A selected pending message stays selected once delivered, under its delivered id.
        if let selection { self.selection = timeline.line(selection)?.id }
        changes.publish(change)
    }
}
