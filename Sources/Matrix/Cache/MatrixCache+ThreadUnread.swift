import ChatCore
import FoundationEssentials
import Storage

/// A thread's own unread count on Matrix (MSC3773, spec v1.4): the server counts each thread
/// apart from the room's main timeline when the sync filter asks (`unread_thread_notifications`),
/// from this account's threaded receipt in that thread. The cache keeps the server's counts as
/// they come (`thread_unread`, cache step 16), and where the main timeline's own receipt goes: its
/// newest event outside every thread (`rooms.newest_event_id`), so reading the room leaves the
/// threads' counts to their own receipts.
extension MatrixCache {
    /// At most this many threads of one room keep a count: a server naming a million roots cannot
    /// grow the cache without bound, nor push out the counts of the threads the cache holds.
    static let threadCountsKept = 1000

    /// Replaces the room's thread counts with the server's (a thread left out has none) and
    /// answers the roots whose count changed, to be shown anew. Only called when the server sent
    /// the room's counts at all.
    static func applyThreadCounts(_ room: String, _ counts: [String: JoinedRoom.UnreadNotifications],
                                  in connection: Connection) throws -> Set<String> {
        var before: [String: Int] = [:]
        for row in try connection.query("SELECT root, count FROM thread_unread WHERE room_id = ?", [.text(room)]) {
            before[row["root"].string ?? ""] = row["count"].int ?? 0
        }
        var valid = counts.compactMap { root, unread -> (String, Int)? in
            guard let count = unread.notification_count, count > 0, root.hasPrefix("$"), root.utf8.count <= 255 else { return nil }
            return (root, count)
        }.sorted { $0.0 < $1.0 }
        if valid.count > threadCountsKept {
            // Over the limit: the roots this room's cache holds first.
            let cached = try Set(valid.map(\.0).filter { root in
                try connection.scalar("SELECT 1 FROM events WHERE event_id = ? AND room_id = ?", [.text(root), .text(room)]).int == 1
            })
            valid = valid.filter { cached.contains($0.0) } + valid.filter { !cached.contains($0.0) }
        }
        let after = Dictionary(valid.prefix(threadCountsKept).map { $0 }, uniquingKeysWith: { first, _ in first })
        guard after != before else { return [] }
        _ = try connection.run("DELETE FROM thread_unread WHERE room_id = ?", [.text(room)])
        for (root, count) in after {
            _ = try connection.run("INSERT INTO thread_unread (room_id, root, count) VALUES (?, ?, ?)",
                                   [.text(room), .text(root), .integer(Int64(count))])
        }
        return Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
    }

    /// The server's count of `root`'s thread in `room`: replies since this account's receipt there.
    static func threadUnread(of root: String, in room: String, _ connection: Connection) throws -> Int {
        try connection.scalar("SELECT count FROM thread_unread WHERE room_id = ? AND root = ?", [.text(room), .text(root)]).int ?? 0
    }

    /// The thread `root` was read here: its count clears until the server says otherwise. True
    /// when it had one.
    func clearThreadUnread(_ root: String, in room: String) async throws -> Bool {
        try await database.write { connection in
            try connection.run("DELETE FROM thread_unread WHERE room_id = ? AND root = ?", [.text(room), .text(root)]) > 0
        }
    }

    /// The newest of `timeline`'s events outside every thread, as the server decides it for a
    /// main-timeline receipt: not a thread reply, nor a relation (reaction, edit) of one.
    static func newestMainEvent(of timeline: [RoomEvent], in connection: Connection) throws -> String? {
        for event in timeline.reversed() {
            guard let id = event.event_id else { continue }
            if try !isInThread(event.relatesTo, in: connection) { return id }
        }
        return nil
    }

    /// Whether an event with this relation belongs to a thread: a thread reply, or relating to a
    /// cached thread reply (directly, or through one relation such as a reaction to its edit).
    private static func isInThread(_ relation: RelatesTo?, in connection: Connection) throws -> Bool {
        guard let relation else { return false }
        if relation.rel_type == RelationType.thread { return true }
        guard let target = relation.event_id else { return false }
        if try connection.scalar("SELECT thread_root FROM events WHERE event_id = ?", [.text(target)]).string != nil { return true }
        guard let further = try connection.scalar("SELECT target FROM relations WHERE event_id = ?", [.text(target)]).string else { return false }
        return try connection.scalar("SELECT thread_root FROM events WHERE event_id = ?", [.text(further)]).string != nil
    }
}
