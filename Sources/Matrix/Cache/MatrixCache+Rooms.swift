import ChatCore
import FoundationEssentials
import Storage

/// Rooms: reading them, and the writes that do not come from `/sync`.
extension MatrixCache {
    func rooms() async throws -> [CachedRoom] {
        try await database.read { try $0.query("SELECT * FROM rooms").map(CachedRoom.init(row:)) }
    }

    func room(_ id: String) async throws -> CachedRoom? {
        try await database.read { try MatrixCache.room(id, in: $0) }
    }

    static func room(_ id: String, in connection: Connection) throws -> CachedRoom? {
        try connection.queryRow("SELECT * FROM rooms WHERE room_id = ?", [.text(id)]).map(CachedRoom.init(row:))
    }

    /// Replaces what the directory says; rooms no longer listed lose their directory flag.
    func storeDirectory(_ rooms: [PublicRoom]) async throws {
        try await database.write { connection in
            _ = try connection.run("UPDATE rooms SET in_directory = 0")
            for room in rooms {
                _ = try connection.run("INSERT OR IGNORE INTO rooms (room_id) VALUES (?)", [.text(room.room_id)])
                _ = try connection.run("""
                    UPDATE rooms SET in_directory = 1, name = coalesce(?, name), alias = coalesce(?, alias),
                        topic = coalesce(?, topic), world_readable = ?, guest_can_join = ?,
                        room_type = coalesce(?, room_type) WHERE room_id = ?
                    """, [SQLValue(room.name), SQLValue(room.canonical_alias), SQLValue(room.topic),
                          SQLValue(room.world_readable), SQLValue(room.guest_can_join), SQLValue(room.room_type), .text(room.room_id)])
            }
        }
    }

    func setMembership(_ room: String, _ membership: CachedRoom.Membership) async throws {
        try await database.write { connection in
            _ = try connection.run("INSERT OR IGNORE INTO rooms (room_id) VALUES (?)", [.text(room)])
            _ = try connection.run("UPDATE rooms SET membership = ? WHERE room_id = ?", [.text(membership.rawValue), .text(room)])
        }
    }

    /// Marks the room read up to `event` and clears the server count until the next sync says otherwise.
    func markRead(_ room: String, upTo event: String) async throws {
        try await database.write { connection in
            _ = try connection.run("UPDATE rooms SET read_event_id = ?, notification_count = 0 WHERE room_id = ?",
                                   [.text(event), .text(room)])
        }
    }

    /// Messages the viewer has not seen, counted from the cache (rooms the server keeps no count for).
    func countedUnread(_ room: String) async throws -> Int {
        let me = userID
        return try await database.read { connection in
            let readSeq = try connection.scalar("""
                SELECT e.seq FROM rooms r JOIN events e ON e.event_id = r.read_event_id WHERE r.room_id = ?
                """, [.text(room)]).int64
            return try connection.scalar("""
                SELECT count(*) FROM events e WHERE room_id = ? AND seq > ? AND sender != ?
                  AND sender NOT IN (SELECT user_id FROM ignored) AND \(MatrixCache.saidBySomeone)
                """, [.text(room), .integer(readSeq ?? Int64.min), .text(me)]).int ?? 0
        }
    }

    /// The display names `users` have in `room`, for those that have one there.
    func displayNames(of users: [String], in room: String) async throws -> [String: String] {
        try await database.read { connection in
            var names: [String: String] = [:]
            for user in users {
                names[user] = try connection.scalar("SELECT display_name FROM members WHERE room_id = ? AND user_id = ?",
                                                    [.text(room), .text(user)]).string
            }
            return names
        }
    }

    /// The display name of `user` in any room we share, if known.
    func displayName(of user: String) async throws -> String? {
        try await database.read { connection in
            try connection.scalar("SELECT display_name FROM members WHERE user_id = ? AND display_name IS NOT NULL LIMIT 1",
                                  [.text(user)]).string
        }
    }
}
