import ChatCore
import FoundationEssentials

/// Direct conversations through `m.direct`: a direct room is created, with an invite (and
/// encrypted when the session can encrypt), on the first message; the invited side accepts direct invites and records them in its own `m.direct`
/// (the server never writes it).
extension MatrixService {
    public func conversations() async throws -> [ConversationSummary] {
        let active = try await reader()
        return try await mapped {
            var result: [ConversationSummary] = []
            // A blocked member's conversation vanishes, as on the embedded community (and returns on unblock).
            let ignored = Set(try await active.cache.ignoredUsers())
            for channel in try await directChannels(active) {
                guard case .direct(let other) = channel.kind, !ignored.contains(other.raw) else { continue }
                let latest = try await active.cache.latestSaid(in: channel.id.raw)
                let unread = try await unreadCount(in: channel.id) > 0
                result.append(ConversationSummary(channelID: channel.id, other: try await cachedProfile(other.raw, active),
                                                  latest: latest.map(active.message), unread: unread))
            }
            return result.sorted { ($0.latest?.sentAt ?? .distantPast) > ($1.latest?.sentAt ?? .distantPast) }
        }
    }

    public func searchMembers(_ query: String) async throws -> [UserProfile] {
        let active = try await reader()
        return try await mapped {
            // Blocked members vanish for me everywhere, search included, as on the embedded store.
            let ignored = try await active.cache.ignoredUsers()
            return try await active.client.searchUsers(query, limit: 50)
                .filter { $0.user_id != active.userID && !ignored.contains($0.user_id) }
                .map { UserProfile(id: UserID($0.user_id), nickname: DomainMapping.nickname($0.display_name, of: $0.user_id)) }
        }
    }

    public func directChannel(with user: UserID) async throws -> ChannelID? {
        let active = try await reader()
        return try await mapped { try await directRoom(with: user.raw, active).map(ChannelID.init) }
    }

    public func sendDirect(_ text: String, to user: UserID) async throws -> Message {
        let active = try member()
        guard user.raw != active.userID else { throw ChatError.invalidInput("You cannot start a conversation with yourself.") }
        let viewer = await viewer()
        let blocked = try await mapped { try await active.cache.ignoredUsers().contains(user.raw) }
        let probe = Channel(id: ChannelID(""), name: user.raw, kind: .direct(with: user))
        if case .denied(let denial) = PostingRule.permission(for: viewer, in: probe, blocked: blocked) { throw ChatError.denied(denial) }
        return try await mapped {
            let room: String
            if let existing = try await directRoom(with: user.raw, active) {
                room = existing
            } else {
                room = try await createDirectRoom(with: user.raw, active)
                try await recordDirect(room, with: user.raw, active)
            }
            return try await post(.typed(text), to: room, active)
        }
    }

    // MARK: Helpers

    /// The first joined direct room with `user`.
    func directRoom(with user: String, _ active: Active) async throws -> String? {
        for id in try await active.cache.directRooms()[user] ?? [] where try await active.cache.room(id)?.membership == .joined {
            return id
        }
        return nil
    }

    /// Creates the direct room with `user`, invited. A session that can encrypt creates it
    /// encrypted from the first event, as Element does; the cache knows at once, so not even the
    /// first message could go out as plaintext.
    private func createDirectRoom(with user: String, _ active: Active) async throws -> String {
        let encrypted = active.encryption != nil
        let request = CreateRoomRequest(preset: "trusted_private_chat", invite: [user], is_direct: true,
                                        initial_state: encrypted ? [.megolmEncryption] : nil)
        let room = try await active.client.createRoom(request)
        try await active.cache.setMembership(room, .joined)
        if encrypted { try await active.cache.markEncrypted(room) }
        return room
    }

    /// Adds `room` to our `m.direct` on the server and in the cache.
    func recordDirect(_ room: String, with user: String, _ active: Active) async throws {
        var direct = try await active.cache.directRooms()
        if direct[user, default: []].contains(room) { return }
        direct[user, default: []].append(room)
        try await active.client.setAccountData("m.direct", of: active.userID, to: direct)
        try await active.cache.setAccountData("m.direct", direct)
        hub.publish(.conversationsChanged)
    }

    /// Accepts a direct invite that sync reported (members only: guests are never invited).
    func acceptDirectInvite(_ room: String, from inviter: String, _ active: Active) async {
        guard !active.isGuest else { return }
        do {
            try await join(room, active)
        } catch {
            // The next sync reports the invite again only if it is still pending; nothing to undo here.
        }
    }

    func cachedProfile(_ user: String, _ active: Active) async throws -> UserProfile {
        UserProfile(id: UserID(user), nickname: DomainMapping.nickname(try await active.cache.displayName(of: user), of: user))
    }
}
