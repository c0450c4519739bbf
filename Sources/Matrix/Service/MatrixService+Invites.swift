import ChatCore
import FoundationEssentials

/// Invitations: listed with who invited, accepted (joined) or declined (left).
extension MatrixService: InvitesService {
    /// The most invitations listed at once: anyone can invite anyone, so a flood of them must
    /// not cost the list its memory or its reader their screen.
    static let listedInvites = 200

    public func invites() async throws -> [Invite] {
        let active = try await reader()
        guard !active.isGuest else { return [] }
        return try await mapped {
            var result: [Invite] = []
            for room in try await active.cache.invitations(limit: Self.listedInvites) {
                guard let inviter = room.inviter else { continue }
                let profile = try await cachedProfile(inviter, active)
                let name = room.inviteIsDirect && (room.name ?? "").isEmpty ? profile.nickname : room.displayName
                result.append(Invite(channelID: ChannelID(room.id), name: name, inviter: profile, isDirect: room.inviteIsDirect))
            }
            return result
        }
    }

    public func acceptInvite(_ channel: ChannelID) async throws -> Channel {
        let active = try member()
        return try await mapped {
            try await invitation(channel, active)
            try await join(channel.raw, active)
            return try await channelValue(channel.raw, active)
        }
    }

    public func declineInvite(_ channel: ChannelID) async throws {
        let active = try member()
        try await mapped {
            try await invitation(channel, active)
            try await active.client.leave(channel.raw)
            try await active.cache.setMembership(channel.raw, .left)
            hub.publish(.channelsChanged)
        }
    }

    /// Refuses a room that is no invitation of the viewer's (joined, unknown, or long answered).
    private func invitation(_ channel: ChannelID, _ active: Active) async throws {
        guard try await active.cache.room(channel.raw)?.membership == .invited else { throw ChatError.noSuchChannel(channel.raw) }
    }
}
