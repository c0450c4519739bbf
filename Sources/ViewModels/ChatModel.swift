import ChatCore
import Foundation

/// What a chat is about: a channel, or a person (whose conversation may not exist yet).
public enum ChatSubject: Hashable, Sendable {
    case channel(Channel)
    /// A direct conversation; the channel id is nil until the first message creates it.
    case person(UserProfile, ChannelID?)
}

/// The chat screen: title, live messages with "mine" marked, older history on demand, the input
/// bar, sending, the read marker, and exactly one live subscription while it is shown.
///
/// Made only by `NicknameGate`, so no path into a chat skips the gate.
@MainActor
public final class ChatModel: Lifecycle {
    public let changes: ChangeSignal
    /// The channel's name (or the person's), kept current: a room renamed while open is retitled.
    public private(set) var title: String
    public private(set) var subject: ChatSubject
    /// Messages oldest first; `.loading` until the first page arrived.
    public private(set) var messages: Loadable<[ChatLine]> = .loading
    /// Whether older history remains; ask for it with `topBecameVisible()`.
    public private(set) var paging: Paging = .notStarted
    public private(set) var inputBar: InputBarState
    /// A message the front end shows as an alert until `dismissAlert()`.
    public private(set) var alert: String?
    /// Who is reading, re-read on every appearance.
    public private(set) var viewer: Viewer
    /// The message a report or block acts on; nil when none is selected (or it vanished).
    public private(set) var selection: MessageID?
    /// The first message the viewer had not read when the chat appeared (nil: none unread); the
    /// front end marks it with a "new messages" line.
    public private(set) var firstUnread: MessageID?

    static let pageSize = 50

    let service: any ChatService
    let strings: Strings
    let safety: SafetyModel
    private var timeline = MessageTimeline()
    private let live = LiveSubscription()
    private var isPaging = false
    private var isShown = false
    /// Set while hidden (no subscription): what arrived meanwhile is fetched on the next appearance.
    private var needsCatchUp = false

    init(subject: ChatSubject, viewer: Viewer, context: ModelContext) {
        self.subject = subject
        self.viewer = viewer
        service = context.service
        strings = context.strings
        safety = context.safety
        changes = ChangeSignal(forwardingTo: context.changes)
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

    /// Listens before the first fetch, so no message falls between the page and the stream.
    public func load() async {
        bindLive()
        await reloadLatest()
    }

    public func willAppear() async {
        bindLive()
        viewer = await service.viewer()
        _ = timeline.relabel(for: viewer)
        inputBar = InputBarState.make(viewer: viewer, permission: await permission(), strings: strings)
        if needsCatchUp { await catchUp() }
        needsCatchUp = false
        publishLines()
        isShown = true
        firstUnread = await unreadStart()
        await markRead()
    }

    public func didDisappear() async {
        isShown = false
        live.cancel()
        needsCatchUp = true
    }

    public func close() async {
        isShown = false
        live.cancel()
        timeline = MessageTimeline()
        messages = .loading
        paging = .notStarted
        viewer = .guest
        alert = nil
        selection = nil
    }

    // MARK: Actions

    /// Sends `text`. A guest gets the login alert and nothing is sent; so does anyone the posting
    /// rule refuses. Returns true when the message was stored.
    @discardableResult
    public func send(_ text: String) async -> Bool {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return false }
        return await post(.text(text))
    }

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
        live.bind(to: service) { [weak self] event in await self?.handle(event) }
    }

    private func handle(_ event: ChatEvent) async {
        switch event {
        case .messagesAdded(let channel, let added) where channel == channelID:
            guard timeline.merge(added, viewer: viewer) else { return }
            publishLines()
            if isShown { await markRead() }
        case .messageUpdated(let message) where message.channelID == channelID:
            if timeline.update(message, viewer: viewer) { publishLines() }
        case .messageRemoved(let channel, let id) where channel == channelID:
            if timeline.remove(id) { publishLines() }
        case .viewerChanged(let newViewer):
            viewer = newViewer
            _ = timeline.relabel(for: viewer)
            inputBar = InputBarState.make(viewer: viewer, permission: await permission(), strings: strings)
            publishLines()
        case .blocksChanged:
            await reloadLatest()
            publishLines()
        case .conversationsChanged:
            await discoverConversation()
        case .channelsChanged:
            await followRename()
        default:
            break
        }
    }

    /// Re-reads the open channel after the channel list changed: a rename by anyone shows in the
    /// title at once (a failed read keeps the title it has).
    private func followRename() async {
        guard case .channel(let channel) = subject, let current = try? await service.channel(named: channel.id.raw),
              current.id == channel.id, current != channel else { return }
        subject = .channel(current)
        title = current.name
        changes.publish()
    }

    // MARK: Fetching

    private func reloadLatest() async {
        guard let channelID else {
            messages = .loaded([])
            paging = .done
            return
        }
        do {
            let page = try await service.latestMessages(in: channelID, limit: Self.pageSize)
            timeline.replaceAll(with: page.messages, viewer: viewer)
            paging = page.next
            messages = .loaded(timeline.lines)
        } catch {
            messages = .failed(strings.error(error))
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

    private func permission() async -> SendPermission {
        switch subject {
        case .channel(let channel):
            return await service.permission(in: channel.id)
        case .person(_, let id?):
            return await service.permission(in: id)
        case .person(let other, nil):
            let pending = Channel(id: ChannelID(""), name: other.nickname, kind: .direct(with: other.id))
            return PostingRule.permission(for: viewer, in: pending)
        }
    }

    /// What the viewer posts.
    enum Outgoing {
        case text(String)
        case image(ImageUpload)
        case file(FileUpload)
    }

    /// The one path every post takes: the guest alert, the posting rule, then the service.
    func post(_ outgoing: Outgoing) async -> Bool {
        if case .guest = viewer { return refuse(strings.guestCannotSend) }
        if case .disabled(let reason) = inputBar { return refuse(reason) }
        do {
            let message = try await deliver(outgoing)
            if case .person(let other, nil) = subject { subject = .person(other, message.channelID) }
            _ = timeline.merge([message], viewer: viewer)
            publishLines()
            return true
        } catch {
            return refuse(strings.error(error))
        }
    }

    private func deliver(_ outgoing: Outgoing) async throws -> Message {
        switch (outgoing, subject) {
        case (.text(let text), .channel(let channel)): return try await service.send(text, to: channel.id)
        case (.text(let text), .person(_, let id?)): return try await service.send(text, to: id)
        case (.text(let text), .person(let other, nil)): return try await service.sendDirect(text, to: other.id)
        case (.image(let image), _):
            // A conversation is created by its first text message; an attachment needs the channel.
            guard let channelID else { throw ChatError.invalidInput(strings.sayHelloFirst) }
            return try await service.sendImage(image, to: channelID)
        case (.file(let file), _):
            guard let channelID else { throw ChatError.invalidInput(strings.sayHelloFirst) }
            return try await service.sendFile(file, to: channelID)
        }
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
    private func unreadStart() async -> MessageID? {
        guard let channelID, let unread = try? await service.unreadCount(in: channelID), unread > 0 else { return nil }
        for _ in 0...Self.unreadPages {
            let others = timeline.lines.filter { !$0.isMine }
            if others.count >= unread { return others[others.count - unread].id }
            guard case .haveMore = paging else { return others.first?.id }
            await topBecameVisible()
        }
        return nil
    }

    /// Pages loaded at most to reach the first unread message when a chat appears.
    static let unreadPages = 4

    /// Takes a line out at once (a discarded message), whether or not an event follows.
    func dropLine(_ id: MessageID) {
        if timeline.remove(id) { publishLines() }
    }

    func refuse(_ message: String) -> Bool {
        alert = message
        changes.publish()
        return false
    }

    private func publishLines() {
        if case .loaded = messages { messages = .loaded(timeline.lines) }
        if let selection, timeline.line(selection) == nil { self.selection = nil }
        changes.publish()
    }

    // MARK: Selection

    /// The selected line, if it is still shown.
    public var selectedLine: ChatLine? { selection.flatMap(timeline.line) }

    /// Selects the line before the selected one (from nothing: the newest). Up in the transcript.
    public func selectOlder() {
        let lines = timeline.lines
        guard !lines.isEmpty else { return }
        let index = selection.flatMap { id in lines.firstIndex { $0.id == id } }.map { max($0 - 1, 0) } ?? lines.count - 1
        select(lines[index].id)
    }

    /// Selects the line after the selected one; past the newest, nothing is selected.
    public func selectNewer() {
        let lines = timeline.lines
        guard let current = selection.flatMap({ id in lines.firstIndex { $0.id == id } }) else { return }
        select(current + 1 < lines.count ? lines[current + 1].id : nil)
    }

    /// Selects a line by id (nil clears the selection).
    public func select(_ id: MessageID?) {
        let id = id.flatMap { timeline.line($0)?.id }
        guard id != selection else { return }
        selection = id
        changes.publish()
    }
}
