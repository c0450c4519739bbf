import ChatCore

/// Member lists on Matrix: what the cache holds of a room's joined members; `fetchMembers` asks
/// the server for the rest (sync loads members lazily). Presence is not synced: `.unknown`.
extension MatrixService: MembersService {
    public func members(of channel: ChannelID, limit: Int) async throws -> MemberList {
        let active = try await reader()
        return try await mapped {
            guard let list = try await active.cache.members(of: channel.raw, limit: MemberList.clamp(limit)) else {
                throw ChatError.noSuchChannel(channel.raw)
            }
            return list
        }
    }

    public func fetchMembers(of channel: ChannelID) async throws {
        let active = try await reader()
        try await mapped {
            let events = try await active.client.joinedMemberEvents(channel.raw)
            try await active.cache.storeMemberList(events, of: channel.raw)
        }
    }
}
