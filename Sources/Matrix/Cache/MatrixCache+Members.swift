import ChatCore
import FoundationEssentials
import Storage

/// A room's joined members as the cache knows them. With lazy loading, sync hands over only the
/// member events of people who wrote in what it sent; `storeMemberList` takes the server's whole
/// list once asked (`/members`), after which sync keeps it current.
extension MatrixCache {
    /// The most member events one fetch stores: a hostile server's endless list stops here.
    static let maximumFetchedMembers = 100_000

    /// The first `limit` joined members of `room` by folded name (display name, else the
    /// localpart), ignored users left out, and the total; nil when the room is not cached.
    func members(of room: String, limit: Int) async throws -> MemberList? {
        try await database.read { connection in
            guard try MatrixCache.room(room, in: connection) != nil else { return nil }
            let joined = "FROM members WHERE room_id = ? AND membership = 'join' AND user_id NOT IN (SELECT user_id FROM ignored)"
            let total = try connection.scalar("SELECT count(*) \(joined)", [.text(room)]).int ?? 0
            let rows = try connection.query("""
                SELECT user_id, display_name \(joined)
                ORDER BY lower(COALESCE(display_name, substr(user_id, 2))), user_id LIMIT ?
                """, [.text(room), .integer(Int64(limit))])
            let members = rows.map { row in
                let user = row["user_id"].string ?? ""
                return ChannelMember(user: UserID(user), nickname: row["display_name"].string ?? MatrixUser.localpart(user))
            }
            let complete = try connection.queryRow("SELECT 1 FROM meta WHERE key = ?", [.text(Self.completeKey(room))]) != nil
            return MemberList(members: members, total: total, complete: complete)
        }
    }

    /// Whether the cache knows every joined member of `room` (`storeMemberList` ran); nil when
    /// the room is not cached.
    func membersComplete(_ room: String) async throws -> Bool? {
        try await database.read { connection in
            guard try MatrixCache.room(room, in: connection) != nil else { return nil }
            return try connection.queryRow("SELECT 1 FROM meta WHERE key = ?", [.text(Self.completeKey(room))]) != nil
        }
    }

    /// The names of `room`'s joined members (display name, else the localpart), ignored users
    /// left out, at most `MemberList.maximumNames`.
    func memberNames(of room: String) async throws -> [String] {
        try await database.read { connection in
            try connection.query("""
                SELECT COALESCE(display_name, substr(user_id, 2, instr(user_id || ':', ':') - 2)) AS name FROM members
                WHERE room_id = ? AND membership = 'join' AND user_id NOT IN (SELECT user_id FROM ignored) LIMIT ?
                """, [.text(room), .integer(Int64(MemberList.maximumNames))]).map { $0["name"].string ?? "" }
        }
    }

    /// The joined members of `room` who go by one of `names` (folded as `Mentions.fold`, which is
    /// SQLite's `lower`): the few a typed message may address, found without reading a big room
    /// whole into memory.
    func members(of room: String, named names: Set<String>) async throws -> [ChannelMember] {
        guard !names.isEmpty else { return [] }
        return try await database.read { connection in
            let shown = "lower(COALESCE(display_name, substr(user_id, 2, instr(user_id || ':', ':') - 2)))"
            let marks = Array(repeating: "?", count: names.count).joined(separator: ", ")
            let rows = try connection.query("""
                SELECT user_id, display_name FROM members
                WHERE room_id = ? AND membership = 'join' AND \(shown) IN (\(marks))
                """, [.text(room)] + names.map { SQLValue.text($0) })
            return rows.map { row in
                let user = row["user_id"].string ?? ""
                return ChannelMember(user: UserID(user), nickname: row["display_name"].string ?? MatrixUser.localpart(user))
            }
        }
    }

    /// Stores the server's member events of `room` (the newest event of each member wins, as
    /// from sync) and notes that the cache now knows every member.
    func storeMemberList(_ events: [RoomEvent], of room: String) async throws {
        try await database.write { connection in
            for event in events.prefix(Self.maximumFetchedMembers) where event.type == "m.room.member" {
                try MatrixCache.storeMember(event, room: room, in: connection)
            }
            _ = try connection.run("INSERT OR REPLACE INTO meta (key, value) VALUES (?, '1')", [.text(Self.completeKey(room))])
        }
    }

    private static func completeKey(_ room: String) -> String { "members_complete:" + room }
}
