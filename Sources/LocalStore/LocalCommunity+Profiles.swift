import ChatCore
import Foundation
import Storage

/// Discover and profiles. Only public channels count: direct conversations stay private.
extension LocalCommunity {
    /// Every public channel, most messages since `since` first (then most recent), each with its
    /// latest message; blocked senders are neither counted nor shown.
    public func activeChannels(since: Date, limit: Int) async throws -> [ChannelActivity] {
        let viewer = state.viewerKey
        return try await read { connection in
            let counts = try connection.query("""
                SELECT m.channel_id, count(*) FROM messages m WHERE m.sent_at >= ?2 AND \(CommunitySQL.notBlocked) GROUP BY m.channel_id
                """, [.integer(viewer), .real(since.timeIntervalSince1970)])
                .reduce(into: [String: Int]()) { $0[String($1[0].int64 ?? 0)] = $1[1].int ?? 0 }
            let channels = try connection.query("\(CommunitySQL.channel) WHERE c.kind != 'direct'", [.integer(viewer)]).map(CommunitySQL.channel)
            let activities = try channels.map { channel in
                let latest = try connection.queryRow(
                    "\(CommunitySQL.message) WHERE m.channel_id = ?2 AND \(CommunitySQL.notBlocked) ORDER BY m.id DESC LIMIT 1",
                    [.integer(viewer), .integer(CommunitySQL.key(channel.id.raw) ?? 0)]).map(CommunitySQL.message)
                return ChannelActivity(channel: channel, messageCount: counts[channel.id.raw] ?? 0, latest: latest)
            }
            return Array(activities.sorted(by: Self.moreActive).prefix(max(0, limit)))
        }
    }

    private static func moreActive(_ a: ChannelActivity, _ b: ChannelActivity) -> Bool {
        if a.messageCount != b.messageCount { return a.messageCount > b.messageCount }
        return (a.latest?.sentAt ?? .distantPast) > (b.latest?.sentAt ?? .distantPast)
    }

    public func profile(of user: UserID) async throws -> UserProfile {
        let viewer = state.viewerKey
        return try await read { connection in
            let key = try self.requireUser(user, connection)
            guard let row = try connection.queryRow("SELECT id, email, nickname, region FROM users WHERE id = ?", [.integer(key)]) else {
                throw ChatError.noSuchUser(user.raw)
            }
            return CommunitySQL.profile(row, viewer: viewer)
        }
    }

    /// Messages posted in public channels (what the rank counts).
    public func messageCount(of user: UserID) async throws -> Int {
        try await read { connection in
            let key = try self.requireUser(user, connection)
            return try connection.scalar("""
                SELECT count(*) FROM messages m JOIN channels c ON c.id = m.channel_id WHERE m.sender_id = ? AND c.kind != 'direct'
                """, [.integer(key)]).int ?? 0
        }
    }

    /// Newest first, public channels only; nothing from a user the viewer blocked.
    public func recentMessages(by user: UserID, limit: Int) async throws -> [Message] {
        let viewer = state.viewerKey
        return try await read { connection in
            let key = try self.requireUser(user, connection)
            return try connection.query("""
                \(CommunitySQL.message) JOIN channels c ON c.id = m.channel_id
                WHERE m.sender_id = ?2 AND c.kind != 'direct' AND \(CommunitySQL.notBlocked) ORDER BY m.id DESC LIMIT ?3
                """, [.integer(viewer), .integer(key), .integer(Int64(max(0, limit)))]).map(CommunitySQL.message)
        }
    }
}
