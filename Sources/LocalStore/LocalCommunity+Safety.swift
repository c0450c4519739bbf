import ChatCore
import FoundationEssentials
import Storage

/// Reports and blocks. A block hides the blocked user's messages and conversations for the
/// blocker everywhere: pages, counts, discover, profiles and live events all filter by it.
extension LocalCommunity {
    public func report(_ message: MessageID, in channel: ChannelID, reason: String) async throws {
        let reason = reason.trimmingWhitespaceAndNewlines()
        guard !reason.isEmpty else { throw ChatError.invalidInput("Say why you are reporting this message.") }
        try await write { connection in
            let reporter = try self.requireMember(connection)
            let channelKey = try CommunitySQL.key(self.visibleChannel(channel, connection).id.raw) ?? 0
            guard let messageKey = CommunitySQL.key(message.raw),
                  try connection.queryRow("SELECT 1 FROM messages WHERE id = ? AND channel_id = ?", [.integer(messageKey), .integer(channelKey)]) != nil else {
                throw ChatError.noSuchMessage
            }
            try connection.run("INSERT INTO reports(reporter_id, message_id, channel_id, reason, created_at) VALUES (?, ?, ?, ?, ?)",
                               [.integer(reporter.key), .integer(messageKey), .integer(channelKey), .text(reason), .real(Date().timeIntervalSince1970)])
        }
    }

    public func block(_ user: UserID) async throws {
        try await changeBlock(user) { blocker, blocked, connection in
            guard blocker != blocked else { throw ChatError.invalidInput("You can't block yourself.") }
            try connection.run("INSERT OR IGNORE INTO blocks(blocker_id, blocked_id, created_at) VALUES (?, ?, ?)",
                               [.integer(blocker), .integer(blocked), .real(Date().timeIntervalSince1970)])
        }
    }

    public func unblock(_ user: UserID) async throws {
        try await changeBlock(user) { blocker, blocked, connection in
            try connection.run("DELETE FROM blocks WHERE blocker_id = ? AND blocked_id = ?", [.integer(blocker), .integer(blocked)])
        }
    }

    public func blockedUsers() async throws -> [UserProfile] {
        let viewer = state.viewerKey
        return try await read { connection in
            try connection.query("""
                SELECT u.id, u.email, u.nickname, u.region FROM blocks b JOIN users u ON u.id = b.blocked_id
                WHERE b.blocker_id = ?1 ORDER BY u.nickname
                """, [.integer(viewer)]).map { CommunitySQL.profile($0, viewer: viewer) }
        }
    }

    /// Runs a block change for the signed-in member, then tells every listener to re-read.
    private func changeBlock(_ user: UserID, _ change: @escaping @Sendable (Int64, Int64, Connection) throws -> Void) async throws {
        try await write { connection in
            let blocker = try self.requireMember(connection)
            try change(blocker.key, try self.requireUser(user, connection), connection)
        }
        hub.publish(.blocksChanged)
        hub.publish(.conversationsChanged)
        hub.publish(.countsChanged(Set(try await channels().map(\.id))))
    }
}
