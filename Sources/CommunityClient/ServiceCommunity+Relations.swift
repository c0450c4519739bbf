import ChatCore
import CommunityProtocol

/// Relations and threads over the socket: the engine behind the service decides who may reply,
/// edit, react, delete and post in a thread, exactly as on its own file.
extension ServiceCommunity: RelationsService, ThreadsService {
    public func reply(_ text: String, to message: MessageID, in channel: ChannelID) async throws -> Message {
        try await posted(.reply(text, to: message, in: channel))
    }

    public func sendEmote(_ text: String, to channel: ChannelID) async throws -> Message {
        try await posted(.sendEmote(text, to: channel))
    }

    public func edit(_ message: MessageID, in channel: ChannelID, to text: String) async throws {
        try await done(.edit(message, in: channel, to: text))
    }

    public func react(to message: MessageID, in channel: ChannelID, with key: String) async throws {
        try await done(.react(to: message, in: channel, with: key))
    }

    public func removeReaction(_ key: String, from message: MessageID, in channel: ChannelID) async throws {
        try await done(.removeReaction(key, from: message, in: channel))
    }

    public func delete(_ message: MessageID, in channel: ChannelID) async throws {
        try await done(.delete(message, in: channel))
    }

    public func replyInThread(_ words: Words, root: MessageID, quoting: MessageID?, in channel: ChannelID) async throws -> Message {
        try await posted(.replyInThread(words, root: root, quoting: quoting, in: channel))
    }

    public func markThreadRead(_ root: MessageID, in channel: ChannelID) async throws {
        try await done(.markThreadRead(root, in: channel))
    }

    public func olderThreadReplies(_ root: MessageID, in channel: ChannelID, before token: PageToken, limit: Int) async throws -> MessagePage {
        try await page(.olderThreadReplies(root, in: channel, before: token, limit: limit))
    }

    public func thread(_ root: MessageID, in channel: ChannelID, limit: Int) async throws -> MessageThread {
        guard case .thread(let thread) = try await call(.thread(root, in: channel, limit: limit)) else { throw unexpected() }
        return thread
    }

    private func posted(_ request: Request) async throws -> Message {
        guard case .message(let message) = try await call(request) else { throw unexpected() }
        return message
    }
}
