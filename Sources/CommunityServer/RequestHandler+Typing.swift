import ChatCore
import CommunityProtocol

/// Typing notices: only a member who may post in the channel starts one (the posting rule's
/// answer, as for a message); a stop is always taken.
extension RequestHandler {
    func typing(_ typing: Bool, in channel: ChannelID, listener: Int, _ fanOut: FanOut) async -> Response {
        if typing, case .denied(let denial) = await community.permission(in: channel) { return .failure(.denied(denial)) }
        do {
            try fanOut.setTyping(typing, in: channel, listener: listener)
            return .done
        } catch let error as ChatError {
            return .failure(error)
        } catch {
            return .failure(.storage(String(describing: error)))
        }
    }
}
