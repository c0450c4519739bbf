import ChatCore
import FoundationEssentials
import Storage

/// Direct conversations: created by their first message, hidden when either person is blocked.
extension LocalCommunity {
    public func conversations() async throws -> [ConversationSummary] {
        let viewer = state.viewerKey
        return try await read { connection in
            let rows = try connection.query("""
                \(CommunitySQL.channel)
                WHERE c.kind = 'direct' AND (c.member_low = ?1 OR c.member_high = ?1)
                  AND o.id NOT IN (SELECT blocked_id FROM blocks WHERE blocker_id = ?1)
                """, [.integer(viewer)])
            return try rows.map { try self.summary($0, viewer: viewer, connection) }
                .sorted { ($0.latest?.sentAt ?? .distantPast) > ($1.latest?.sentAt ?? .distantPast) }
        }
    }

    private func summary(_ row: Row, viewer: Int64, _ connection: Connection) throws -> ConversationSummary {
        let channel = CommunitySQL.channel(row)
        let key = row["id"].int64 ?? 0
        let latest = try connection.queryRow("\(CommunitySQL.message) WHERE m.channel_id = ?2 ORDER BY m.id DESC LIMIT 1",
                                             [.integer(viewer), .integer(key)]).map { try CommunitySQL.message($0, connection) }
        let seen = try ReadMarkers.seen(by: viewer, in: key, connection)
        let other = UserProfile(id: UserID(String(row["other_id"].int64 ?? 0)), nickname: row["other_nickname"].string ?? "")
        let unread = (latest.flatMap { CommunitySQL.key($0.id.raw) } ?? 0) > seen.id
        return ConversationSummary(channelID: channel.id, other: other, latest: latest, unread: unread)
    }

    /// Members (not the viewer, not the system account, not anyone the viewer blocked) whose
    /// nickname or email contains `query`.
    public func searchMembers(_ query: String) async throws -> [UserProfile] {
        let viewer = state.viewerKey
        let pattern = "%" + query.trimmingWhitespace().lowercased()
            .replacingScalars(["\\": "\\\\", "%": "\\%", "_": "\\_"]) + "%"
        return try await read { connection in
            try connection.query("""
                SELECT id, email, nickname, region FROM users
                WHERE password_hash IS NOT NULL AND id != ?1 AND id NOT IN (SELECT blocked_id FROM blocks WHERE blocker_id = ?1)
                  AND (lower(nickname) LIKE ?2 ESCAPE '\\' OR email_key LIKE ?2 ESCAPE '\\')
                ORDER BY nickname LIMIT 50
                """, [.integer(viewer), .text(pattern)]).map { CommunitySQL.profile($0, viewer: viewer) }
        }
    }

    public func directChannel(with user: UserID) async throws -> ChannelID? {
        let viewer = state.viewerKey
        return try await read { connection in
            let other = try self.requireUser(user, connection)
            return try DirectPairs.find(viewer, other, connection).map { ChannelID(String($0)) }
        }
    }

    public func sendDirect(_ text: String, to user: UserID) async throws -> Message {
        try await sendDirect(text, to: user, clientID: nil)
    }

    /// Sends a direct message, once per `clientID` (see `send(_:to:clientID:)`).
    public func sendDirect(_ text: String, to user: UserID, clientID: String?) async throws -> Message {
        let body = try MessageRules.text(text)
        return try await write { connection in
            let sender = try self.requireMember(connection)
            if let stored = try self.storedPost(clientID, from: sender, connection) { return stored }
            let other = try self.requireUser(user, connection)
            guard other != sender.key else { throw ChatError.invalidInput("You can't message yourself.") }
            let key = try DirectPairs.find(sender.key, other, connection) ?? DirectPairs.create(sender.key, other, connection)
            let target = try self.writableChannel(ChannelID(String(key)), connection)
            return try self.insertMessage(in: target.channel, from: target.sender, body: body, image: nil, clientID: clientID, connection)
        }
    }
}

/// The direct channel of two members, stored once with the smaller id first.
enum DirectPairs {
    static func find(_ a: Int64, _ b: Int64, _ connection: Connection) throws -> Int64? {
        try connection.scalar("SELECT id FROM channels WHERE kind = 'direct' AND member_low = ? AND member_high = ?",
                              [.integer(min(a, b)), .integer(max(a, b))]).int64
    }

    /// Made inside the first message's transaction: a refused first message leaves no conversation.
    static func create(_ a: Int64, _ b: Int64, _ connection: Connection) throws -> Int64 {
        try connection.run("INSERT INTO channels(name, kind, member_low, member_high, created_at) VALUES ('', 'direct', ?, ?, ?)",
                           [.integer(min(a, b)), .integer(max(a, b)), .real(Date().timeIntervalSince1970)])
        return connection.lastInsertRowID
    }
}
