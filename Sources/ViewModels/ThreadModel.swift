import ChatCore
import Foundation

/// A thread's view: the message that started it, its replies oldest first, kept live, and
/// replying in it. Made by the chat it hangs from (`ChatModel.openThread`), whose posting rule
/// it follows; closed when the view goes.
@MainActor
public final class ThreadModel {
    public let changes: ChangeSignal
    public let channelID: ChannelID
    /// The thread's root; settled to the real root when a reply inside the thread was named.
    public private(set) var rootID: MessageID
    /// The root and its replies, root first; `.loading` until the thread was read.
    public private(set) var lines: Loadable<[ChatLine]> = .loading
    /// A failure or refusal the front end shows until `dismissAlert()`.
    public internal(set) var alert: String?

    /// Replies read at most (the newest).
    static let replyLimit = 200

    private let service: any ChatService
    private let strings: Strings
    private let viewer: Viewer
    /// Why the chat refuses posts (nil: it allows them), asked when replying.
    private let postingRefusal: @MainActor () -> String?
    private var root: ChatLine?
    private var replies = MessageTimeline()
    private let live = LiveSubscription()

    init(root: MessageID, channel: ChannelID, viewer: Viewer, service: any ChatService, strings: Strings, changes parent: ChangeSignal,
         postingRefusal: @escaping @MainActor () -> String?) {
        rootID = root
        channelID = channel
        self.viewer = viewer
        self.service = service
        self.strings = strings
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
            let thread = try await threads.thread(rootID, in: channelID, limit: Self.replyLimit)
            rootID = thread.root.id
            root = ChatLine(message: thread.root, isMine: viewer.owns(thread.root))
            replies.replaceAll(with: thread.replies, viewer: viewer)
            publish()
        } catch {
            lines = .failed(strings.error(error))
            changes.publish()
        }
    }

    public func close() {
        live.cancel()
    }

    /// Posts `text` in the thread; false (with an alert) when it was refused.
    @discardableResult
    public func reply(_ text: String) async -> Bool {
        if let refusal = postingRefusal() { return refuse(refusal) }
        guard let threads = service as? any ThreadsService else { return refuse(strings.threadsUnavailable) }
        do {
            let posted = try await threads.replyInThread(text, root: rootID, in: channelID)
            if replies.merge([posted], viewer: viewer) { publish() }
            return true
        } catch {
            return refuse(strings.error(error))
        }
    }

    public func dismissAlert() {
        guard alert != nil else { return }
        alert = nil
        changes.publish()
    }

    private func handle(_ event: ChatEvent) async {
        switch event {
        case .messagesAdded(let channel, let added) where channel == channelID:
            let mine = added.filter { $0.thread == .reply(root: rootID) }
            if !mine.isEmpty, replies.merge(mine, viewer: viewer) { publish() }
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

    private func refuse(_ message: String) -> Bool {
        alert = message
        changes.publish()
        return false
    }

    private func publish() {
        if let root { lines = .loaded([root] + replies.lines) }
        changes.publish()
    }
}
