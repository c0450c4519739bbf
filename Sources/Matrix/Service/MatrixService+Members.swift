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

    /// The room's joined members' names, once the cache knows them all: the first call for a
    /// room fetches the list lazy loading left out (as `/members` does), later ones read the
    /// cache, which sync keeps current. Offline, or refused by the server, it answers with the
    /// members sync has shown so far and asks again the next time.
    public func memberNames(of channel: ChannelID) async throws -> [String] {
        let active = try await reader()
        return try await mapped {
            guard let complete = try await active.cache.membersComplete(channel.raw) else {
                throw ChatError.noSuchChannel(channel.raw)
            }
            if !complete { try? await fetchMembers(of: channel) }
            return try await active.cache.memberNames(of: channel.raw)
        }
    }
}
