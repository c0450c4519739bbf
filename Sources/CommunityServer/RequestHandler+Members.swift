import ChatCore
import CommunityProtocol

/// Member lists: the engine names the channel's members (its visibility rules apply); the
/// service, which alone sees the connections, says who of them is online.
extension RequestHandler {
    func members(of channel: ChannelID, limit: Int, _ fanOut: FanOut) async -> Response {
        do {
            var list = try await community.members(of: channel, limit: MemberList.clamp(limit))
            let online = fanOut.online()
            for index in list.members.indices {
                list.members[index].presence = online.contains(list.members[index].user) ? .online : .offline
            }
            return .members(list)
        } catch let error as ChatError {
            return .failure(error)
        } catch {
            return .failure(.storage(String(describing: error)))
        }
    }
}
