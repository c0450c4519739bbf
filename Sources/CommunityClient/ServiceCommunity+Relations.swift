import ChatCore
import CommunityProtocol

/// Relations over the socket: the engine behind the service decides who may reply, edit, react
/// and delete, exactly as on its own file.
extension ServiceCommunity: RelationsService {
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

    private func posted(_ request: Request) async throws -> Message {
        guard case .message(let message) = try await call(request) else { throw unexpected() }
        return message
    }
}
