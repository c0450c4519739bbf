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

    /// Replaces what the directory says; rooms no longer listed lose their directory flag. Only
    /// rows that differ are written (each reading rewrote every room's row, a thousand and more,
    /// in one transaction the sync answers queued behind). True when the channel list shows
    /// something else now: a room that came or went, or a listed room's name, alias, topic,
    /// kind or readability — not a joined room's directory flag, which it is listed without.
    func storeDirectory(_ rooms: [PublicRoom]) async throws -> Bool {
        try await database.write { connection in
            let joined = Set(try connection.query("SELECT room_id FROM rooms WHERE membership = 'join'").compactMap { $0["room_id"].string })
            let wasListed = Set(try connection.query("SELECT room_id FROM rooms WHERE in_directory = 1").compactMap { $0["room_id"].string })
            var changed = false
            var listed = Set<String>()
            for room in rooms {
                // A server may list a room twice: the second says nothing new.
                guard listed.insert(room.room_id).inserted else { continue }
                _ = try connection.run("INSERT OR IGNORE INTO rooms (room_id) VALUES (?)", [.text(room.room_id)])
                if !wasListed.contains(room.room_id) {
                    _ = try connection.run("UPDATE rooms SET in_directory = 1 WHERE room_id = ?", [.text(room.room_id)])
                    if !joined.contains(room.room_id) { changed = true }
                }
                if try MatrixCache.storeDirectoryFields(room, in: connection) { changed = true }
            }
            for gone in wasListed.subtracting(listed) {
                _ = try connection.run("UPDATE rooms SET in_directory = 0 WHERE room_id = ?", [.text(gone)])
                if !joined.contains(gone) { changed = true }
            }
            _ = try connection.run("INSERT OR IGNORE INTO meta (key, value) VALUES ('directory_read', '1')")
            return changed
        }
    }

    /// Writes what the directory says of a room where it differs from the row (a field the
    /// directory leaves out keeps the cached value); true when it did.
    private static func storeDirectoryFields(_ room: PublicRoom, in connection: Connection) throws -> Bool {
        let (name, alias, topic, type) = (SQLValue(room.name), SQLValue(room.canonical_alias), SQLValue(room.topic), SQLValue(room.room_type))
        let (readable, guests) = (SQLValue(room.world_readable), SQLValue(room.guest_can_join))
        return try connection.run("""
            UPDATE rooms SET name = coalesce(?1, name), alias = coalesce(?2, alias), topic = coalesce(?3, topic),
                world_readable = ?4, guest_can_join = ?5, room_type = coalesce(?6, room_type)
            WHERE room_id = ?7 AND (name IS NOT coalesce(?1, name) OR alias IS NOT coalesce(?2, alias)
                OR topic IS NOT coalesce(?3, topic) OR world_readable IS NOT ?4 OR guest_can_join IS NOT ?5
                OR room_type IS NOT coalesce(?6, room_type))
            """, [name, alias, topic, readable, guests, type, .text(room.room_id)]) > 0
    }

    /// Whether this cache has read the public directory once (its rooms may be none).
    func hasReadDirectory() async throws -> Bool {
        try await database.read { try $0.scalar("SELECT 1 FROM meta WHERE key = 'directory_read'").int == 1 }
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
