import FoundationEssentials
import Storage

/// Per-viewer read positions, keyed (user, channel), and the indexed lookups unread counts use.
enum ReadMarkers {
    /// A place in a channel: the message id and its sequence number there.
    struct Position: Hashable, Sendable {
        var id: Int64
        var seq: Int64
    }

    /// The channel's first message sent at or after `time`, through the (channel_id, sent_at) index.
    static func first(in channel: Int64, since time: Date, _ connection: Connection) throws -> Position? {
        let row = try connection.queryRow("SELECT id, seq FROM messages WHERE channel_id = ? AND sent_at >= ? ORDER BY sent_at LIMIT 1",
                                          [.integer(channel), .real(time.timeIntervalSince1970)])
        return row.map { Position(id: $0["id"].int64 ?? 0, seq: $0["seq"].int64 ?? 0) }
    }

    /// The channel's newest message, through the (channel_id, id) index.
    static func latest(in channel: Int64, _ connection: Connection) throws -> Position {
        let row = try connection.queryRow("SELECT id, seq FROM messages WHERE channel_id = ? ORDER BY id DESC LIMIT 1", [.integer(channel)])
        return Position(id: row?["id"].int64 ?? 0, seq: row?["seq"].int64 ?? 0)
    }

    /// Where the viewer stopped reading; the start for a viewer new to the channel.
    static func seen(by user: Int64, in channel: Int64, _ connection: Connection) throws -> Position {
        let row = try connection.queryRow("SELECT last_read_id, last_read_seq FROM read_markers WHERE user_id = ? AND channel_id = ?",
                                          [.integer(user), .integer(channel)])
        return Position(id: row?["last_read_id"].int64 ?? 0, seq: row?["last_read_seq"].int64 ?? 0)
    }

    static func mark(_ position: Position, by user: Int64, in channel: Int64, _ connection: Connection) throws {
        try connection.run("""
            INSERT INTO read_markers(user_id, channel_id, last_read_id, last_read_seq) VALUES (?, ?, ?, ?)
            ON CONFLICT(user_id, channel_id) DO UPDATE SET last_read_id = max(last_read_id, excluded.last_read_id),
                last_read_seq = max(last_read_seq, excluded.last_read_seq)
            """, [.integer(user), .integer(channel), .integer(position.id), .integer(position.seq)])
    }

    /// Messages after `id` from senders `user` blocked, which counts leave out. Zero queries over
    /// messages when the user blocked no one.
    static func blockedMessages(by user: Int64, in channel: Int64, after id: Int64, _ connection: Connection) throws -> Int {
        guard user >= 0 else { return 0 }
        let blocked = try connection.query("SELECT blocked_id FROM blocks WHERE blocker_id = ?", [.integer(user)]).compactMap { $0[0].int64 }
        var count = 0
        for sender in blocked {
            count += try connection.scalar("SELECT count(*) FROM messages WHERE sender_id = ? AND id > ? AND channel_id = ?",
                                           [.integer(sender), .integer(id), .integer(channel)]).int ?? 0
        }
        return count
    }
}
