import ChatCore
import CommunityProtocol

/// Typing notices over the socket: the service keeps who types and pushes it to the others.
extension ServiceCommunity: TypingService {
    public func setTyping(_ typing: Bool, in channel: ChannelID) async throws {
        try await done(.typing(channel, typing))
    }
}
