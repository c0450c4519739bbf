import ChatCore
import FoundationEssentials
import Storage

/// Discover and profiles. Only public channels count: direct conversations stay private.
extension LocalCommunity {
    /// Every public channel, most messages since `since` first (then most recent), each with its
    /// latest message; blocked senders are neither counted nor shown.
    public func activeChannels(since: Date, limit: Int) async throws -> [ChannelActivity] {
        let viewer = state.viewerKey
        return try await read { connection in
            // Only channels with messages can rank above an empty one: a file with a million
            // channels costs an index probe per channel here, not a million values in memory.
            let hasMessages = "EXISTS (SELECT 1 FROM messages WHERE channel_id = c.id)"
            let channels = try connection.query("\(CommunitySQL.channel) WHERE \(CommunitySQL.listedChannel) AND \(hasMessages)", [.integer(viewer)])
                .map(CommunitySQL.channel)
            let activities = try channels.map { try Self.activity(of: $0, since: since, viewer: viewer, connection) }
            var ranked = Array(activities.sorted(by: Self.moreActive).prefix(max(0, limit)))
            if ranked.count < limit {
                ranked += try connection.query("\(CommunitySQL.channel) WHERE \(CommunitySQL.listedChannel) AND NOT \(hasMessages) ORDER BY c.id LIMIT ?2",
                                               [.integer(viewer), .integer(Int64(limit - ranked.count))])
                    .map { ChannelActivity(channel: CommunitySQL.channel($0), messageCount: 0, latest: nil) }
            }
            return ranked
        }
    }

    /// Messages since `since` by sequence arithmetic: last seq − seq of the first message sent
    /// since then + 1 (sequence numbers follow commit order; clocks of different processes may
    /// disagree by a little, which only blurs the window's edge).
    private static func activity(of channel: Channel, since: Date, viewer: Int64, _ connection: Connection) throws -> ChannelActivity {
        let key = CommunitySQL.key(channel.id.raw) ?? 0
        let latest = try connection.queryRow(
            "\(CommunitySQL.message) WHERE m.channel_id = ?2 AND \(CommunitySQL.notBlocked) ORDER BY m.id DESC LIMIT 1",
            [.integer(viewer), .integer(key)]).map { try CommunitySQL.message($0, connection) }
        var count = 0
        if let first = try ReadMarkers.first(in: key, since: since, connection) {
            let last = try ReadMarkers.latest(in: key, connection)
            count = Int(last.seq - first.seq + 1) - (try ReadMarkers.blockedMessages(by: viewer, in: key, after: first.id - 1, connection))
        }
        return ChannelActivity(channel: channel, messageCount: max(0, count), latest: latest)
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

    /// Messages posted in public channels (what the rank counts): all of the user's messages
    /// (one index range) less those in their direct conversations (a range per conversation; the
    /// `+` keeps SQLite from walking the sender index instead).
    public func messageCount(of user: UserID) async throws -> Int {
        try await read { connection in
            let key = try self.requireUser(user, connection)
            let all = try connection.scalar("SELECT count(*) FROM messages WHERE sender_id = ?", [.integer(key)]).int ?? 0
            let direct = try connection.scalar("""
                SELECT count(*) FROM messages WHERE +sender_id = ?1 AND channel_id IN
                  (SELECT id FROM channels WHERE kind = 'direct' AND (member_low = ?1 OR member_high = ?1))
                """, [.integer(key)]).int ?? 0
            return all - direct
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
                """, [.integer(viewer), .integer(key), .integer(Int64(max(0, limit)))]).map { try CommunitySQL.message($0, connection) }
        }
    }
}
