import FoundationEssentials

/// A thread as its view shows it: the message that started it, then its replies.
public struct MessageThread: Hashable, Sendable, Codable {
    /// The message the thread hangs under in the chat (it may have been deleted since).
    public var root: Message
    /// The newest replies, at most as many as were asked for, oldest first.
    public var replies: [Message]
    /// Whether older replies remain (`olderThreadReplies` reads them), so a long thread can be
    /// read back to its first reply.
    public var older: Paging

    public init(root: Message, replies: [Message], older: Paging = .done) {
        self.root = root
        self.replies = replies
        self.older = older
    }
}

/// Threads: replies kept apart from the chat's timeline, under the message they hang from, so a
/// side conversation does not flood the room (Matrix `m.thread`; the embedded community's own).
///
/// Offered beside `RelationsService` and asked for the same way (`as? any ThreadsService`).
/// Naming a message inside a thread means its thread: a thread never starts inside another.
/// Posting follows the posting rule; a deleted message starts no thread.
public protocol ThreadsService: AnyObject, Sendable {
    /// The thread `root` started (or the one `root` is a reply in), with its newest `limit` replies.
    func thread(_ root: MessageID, in channel: ChannelID, limit: Int) async throws -> MessageThread
    /// The `limit` replies before the page `token` continues from, oldest first, and where to go on.
    func olderThreadReplies(_ root: MessageID, in channel: ChannelID, before token: PageToken, limit: Int) async throws -> MessagePage
    /// The viewer has seen the thread `root` started (or the one it is in) up to its newest
    /// reply: its own unread count clears, as a channel's does when it is read.
    func markThreadRead(_ root: MessageID, in channel: ChannelID) async throws
    /// Posts `words` (text, or an action: `/me` in a thread's view) in the thread `root` started
    /// (or the one it is in), answering `quoting` (the root or a reply of that thread) when given;
    /// returns it as `send` does.
    func replyInThread(_ words: Words, root: MessageID, quoting: MessageID?, in channel: ChannelID) async throws -> Message
}

extension ThreadsService {
    /// Posts `text` in the thread `root` started (or the one it is in).
    public func replyInThread(_ text: String, root: MessageID, quoting: MessageID? = nil, in channel: ChannelID) async throws -> Message {
        try await replyInThread(.text(text), root: root, quoting: quoting, in: channel)
    }
}

extension Message {
    /// A reply inside a thread: shown in the thread's view, never as a line of the chat.
    public var isThreadReply: Bool {
        if case .reply = thread { return true }
        return false
    }
}
