import ChatCore
import CommunityProtocol

/// Member lists over the socket: the service adds who is connected.
extension ServiceCommunity: MembersService {
    public func members(of channel: ChannelID, limit: Int) async throws -> MemberList {
        guard case .members(var list) = try await call(.members(channel, limit: MemberList.clamp(limit))) else { throw unexpected() }
        // A service answers with no more than was asked; a hostile one is cut down to it.
        list.members = Array(list.members.prefix(MemberList.clamp(limit)))
        return list
    }

    /// The service's engine always knows every member.
    public func fetchMembers(of channel: ChannelID) async throws {}

    public func memberNames(of channel: ChannelID) async throws -> [String] {
        guard case .names(let names) = try await call(.memberNames(channel)) else { throw unexpected() }
        // A hostile service's longer list is cut down to what the engine would hand out.
        return Array(names.prefix(MemberList.maximumNames))
    }
}
