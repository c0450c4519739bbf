import ChatCore
import FoundationEssentials
import Storage

/// Unread badges as the cache tells them: one rule, read for a page of rooms at once.
extension MatrixCache {
    /// A room's badge as the cache can tell it.
    enum CachedUnread: Hashable, Sendable {
        case count(Int)
        /// A readable room the viewer has not joined, with no history cached: its messages must be
        /// fetched before they can be counted.
        case historyMissing
    }

    /// The badges of `rooms`, in one read (a page of the channel list asked a room at a time was
    /// sixty trips through the database's queue before a cold start's complete frame). A room
    /// the cache does not know has none.
    func unread(_ rooms: [String]) async throws -> [String: CachedUnread] {
        if let kept = firstScreenSnapshot(), let counts = kept.unread(rooms) { return counts }
        let me = userID
        return try await database.read { try Self.unread(rooms, me: me, in: $0) }
    }

    /// `unread` on `connection`, inside its transaction.
    static func unread(_ rooms: [String], me: String, in connection: Connection) throws -> [String: CachedUnread] {
        let ids = try Self.jsonArray(rooms)
        var result = Dictionary(rooms.map { ($0, CachedUnread.count(0)) }, uniquingKeysWith: { first, _ in first })
        var counted: [String] = []
        var unjoined: [String] = []
        for row in try connection.query("SELECT * FROM rooms WHERE room_id IN (SELECT value FROM json_each(?))", [.text(ids)]) {
            let room = CachedRoom(row: row)
            switch room.badge {
            case .server(let count): result[room.id] = .count(count)
            case .none: break
            case .cachedMessages:
                counted.append(room.id)
                if room.membership != .joined { unjoined.append(room.id) }
            }
        }
        let counts = try Self.countedUnread(counted, me: me, in: connection)
        for id in counted { result[id] = .count(counts[id] ?? 0) }
        for id in try Self.withoutHistory(unjoined, in: connection) { result[id] = .historyMissing }
        return result
    }

    /// Messages the viewer has not seen in `room`, counted from the cache, whatever its badge's rule.
    func countedUnread(_ room: String) async throws -> Int {
        let me = userID
        return try await database.read { try MatrixCache.countedUnread([room], me: me, in: $0)[room] ?? 0 }
    }

    /// Per room, the cached messages someone else said after the viewer's receipt (all of them
    /// without one), ignored users' left out; rooms with none are absent.
    private static func countedUnread(_ rooms: [String], me: String, in connection: Connection) throws -> [String: Int] {
        guard !rooms.isEmpty else { return [:] }
        var counts: [String: Int] = [:]
        for row in try connection.query("""
            SELECT e.room_id AS room, count(*) AS unread FROM events e JOIN rooms r ON r.room_id = e.room_id
            WHERE e.room_id IN (SELECT value FROM json_each(?1))
              AND e.seq > coalesce((SELECT read.seq FROM events read WHERE read.event_id = r.read_event_id), ?2)
              AND e.sender != ?3 AND e.sender NOT IN (SELECT user_id FROM ignored) AND \(saidBySomeone)
            GROUP BY e.room_id
            """, [.text(try jsonArray(rooms)), .integer(Int64.min), .text(me)]) {
            if let room = row["room"].string { counts[room] = row["unread"].int ?? 0 }
        }
        return counts
    }

    /// Those of `rooms` with no event cached.
    private static func withoutHistory(_ rooms: [String], in connection: Connection) throws -> [String] {
        guard !rooms.isEmpty else { return [] }
        let cached = Set(try connection.query("SELECT DISTINCT room_id FROM events WHERE room_id IN (SELECT value FROM json_each(?))",
                                              [.text(try jsonArray(rooms))]).compactMap { $0["room_id"].string })
        return rooms.filter { !cached.contains($0) }
    }

    private static func jsonArray(_ strings: [String]) throws -> String {
        String(decoding: try JSONEncoder().encode(strings), as: UTF8.self)
    }
}

extension CachedRoom {
    /// Where a room's badge comes from.
    enum Badge: Hashable, Sendable {
        /// The server's notification count.
        case server(Int)
        /// No badge: a room the viewer has not joined and cannot read.
        case none
        /// The cached messages others said after the viewer's receipt.
        case cachedMessages
    }

    /// The rule for a room's badge, for one room and for a page of them alike.
    var badge: Badge {
        // tteok cannot tell an encrypted event that mentions or notifies from one that does
        // not: in an encrypted room the server's count is the only one.
        if membership == .joined, encrypted, let notificationCount { return .server(notificationCount) }
        // The server's count starts at our first read marker; before it, the viewer is new to
        // the room and every cached message counts (the spec's rule for newcomers).
        if membership == .joined, readEventID != nil, let notificationCount { return .server(notificationCount) }
        if membership != .joined, !worldReadable { return .none }
        return .cachedMessages
    }
}
