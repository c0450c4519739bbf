import ChatCore
import FoundationEssentials

/// A thread's view: the message that started it, its replies oldest first (older ones read back
/// a page at a time), kept live, and replying in it. Made by the chat it hangs from
/// (`ChatModel.openThread`), whose posting rule it follows; closed when the view goes. Its lines
/// are picked and acted on as the chat's are (`MessageList`, in `ThreadModel+Actions`).
@MainActor
public final class ThreadModel {
    public let changes: ChangeSignal
    public let channelID: ChannelID
    /// The thread's root; settled to the real root when a reply inside the thread was named.
    public private(set) var rootID: MessageID
    /// The root and its replies, root first; `.loading` until the thread was read.
    public private(set) var lines: Loadable<[ChatLine]> = .loading
    /// Whether older replies remain; ask for them with `topBecameVisible()`.
    public private(set) var paging: Paging = .notStarted
    /// A failure or refusal the front end shows until `dismissAlert()`.
    public internal(set) var alert: String?
    /// The picked line (the root or a reply); nil when none is.
    public internal(set) var selection: MessageID?

    /// Replies read at a time, the newest first.
    static let pageSize = ChatModel.pageSize

    let service: any ChatService
    let strings: Strings
    let safety: SafetyModel
    let viewer: Viewer
    /// Why the chat refuses posts (nil: it allows them), asked when acting.
    let postingRefusal: @MainActor () -> String?
    var root: ChatLine?
    var replies = MessageTimeline()
    private let live = LiveSubscription()
    private var isPaging = false

    init(root: MessageID, channel: ChannelID, viewer: Viewer, service: any ChatService, strings: Strings, safety: SafetyModel,
         changes parent: ChangeSignal, postingRefusal: @escaping @MainActor () -> String?) {
        rootID = root
        channelID = channel
        self.viewer = viewer
        self.service = service
        self.strings = strings
        self.safety = safety
        self.postingRefusal = postingRefusal
        changes = ChangeSignal(forwardingTo: parent)
    }

    /// Listens first, then reads, so no reply falls between the read and the stream.
    public func load() async {
        live.bind(to: service) { [weak self] event in await self?.handle(event) }
        guard let threads = service as? any ThreadsService else {
            lines = .failed(strings.threadsUnavailable)
            return changes.publish()
        }
        do {
            let thread = try await threads.thread(rootID, in: channelID, limit: Self.pageSize)
            rootID = thread.root.id
            root = ChatLine(message: thread.root, isMine: viewer.owns(thread.root))
            replies.replaceAll(with: thread.replies, viewer: viewer)
            paging = thread.older
            publish()
            await markRead()
        } catch {
            lines = .failed(strings.error(error))
            changes.publish()
        }
    }

    /// The front end reports that the oldest reply is on screen: read the page before it.
    public func topBecameVisible() async {
        guard case .haveMore(let token) = paging, !isPaging, let threads = service as? any ThreadsService else { return }
        isPaging = true
        defer { isPaging = false }
        do {
            let page = try await threads.olderThreadReplies(rootID, in: channelID, before: token, limit: Self.pageSize)
            _ = replies.prepend(page.messages, viewer: viewer)
            paging = page.next
        } catch {
            alert = strings.error(error)
        }
        publish()
    }

    public func close() {
        live.cancel()
    }

    /// Posts `text` in the thread; false (with an alert) when it was refused.
    @discardableResult
    public func reply(_ text: String) async -> Bool {
        await send(.text(text))
    }

    public func dismissAlert() {
        guard alert != nil else { return }
        alert = nil
        changes.publish()
    }

    /// Posts `words` in the thread, answering `quoting` when given, and shows it at once.
    func post(_ words: Words, quoting: ChatLine?) async -> Bool {
        if let refusal = postingRefusal() { return refuse(refusal) }
        guard let threads = service as? any ThreadsService else { return refuse(strings.threadsUnavailable) }
        do {
            let posted = try await threads.replyInThread(words, root: rootID, quoting: quoting?.id, in: channelID)
            if replies.merge([posted], viewer: viewer) { publish() }
            return true
        } catch {
            return refuse(strings.error(error))
        }
    }

    private func handle(_ event: ChatEvent) async {
        switch event {
        case .messagesAdded(let channel, let added) where channel == channelID:
            let mine = added.filter { $0.thread == .reply(root: rootID) }
            guard !mine.isEmpty, replies.merge(mine, viewer: viewer) else { return }
            publish()
            // What arrives in an open thread is seen.
            await markRead()
        case .messageUpdated(let message) where message.channelID == channelID:
            if message.isNamed(rootID) {
                rootID = message.id
                root = ChatLine(message: message, isMine: viewer.owns(message))
                publish()
            } else if replies.update(message, viewer: viewer) {
                publish()
            }
        case .messageRemoved(let channel, let id) where channel == channelID:
            if replies.remove(id) { publish() }
        default:
            break
        }
    }

    /// Keeps the viewer's marker of this thread at its newest reply while it is open. A failure
    /// only leaves the root's count up, so it is not worth an alert.
    private func markRead() async {
        try? await (service as? any ThreadsService)?.markThreadRead(rootID, in: channelID)
    }

    func refuse(_ message: String) -> Bool {
        alert = message
        changes.publish()
        return false
    }

    func publish() {
        if let root { lines = .loaded([root] + replies.lines) }
        // A picked line that went is no longer picked; a picked pending reply keeps its pick once delivered.
        if selection != nil { selection = selectedLine?.id }
        changes.publish()
    }
}
