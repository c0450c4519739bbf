import ChatCore
import FoundationEssentials
import Storage

/// Timelines: live events are appended, back-paged events prepended; reads skip ignored users.
extension MatrixCache {
    /// Every column of an event but its body, which `CachedEvent` reads at most `ReadingCap` of,
    /// with why a placeholder is undecrypted and which device sent a decrypted event.
    static let selectEvents = """
        SELECT e.rowid AS event_row, e.event_id, e.room_id, e.seq, e.sender, e.ts, e.msgtype, e.url, e.mimetype, e.size,
               e.width, e.height, e.txn_id, e.reply_to, e.thread_root, e.redacted, e.filename,
               COALESCE(e.sender_name, m.display_name) AS display_name,
               substr(e.formatted, 1, \(HTMLText.inputLimit)) AS formatted,
               und.reason AS undecrypted_reason, sd.sender_key FROM events e
        LEFT JOIN members m ON m.room_id = e.room_id AND m.user_id = e.sender
        LEFT JOIN undecrypted und ON und.event_id = e.event_id
        LEFT JOIN sender_devices sd ON sd.event_id = e.event_id
        """

    /// SQL: the event `e` is something someone said, not a membership or room change line (those
    /// count for no badge, activity or profile).
    static let saidBySomeone = "e.msgtype != '\(RoomChangeLines.msgtype)'"

    /// The newest message someone said in `room` (no room change), for a conversation's preview.
    func latestSaid(in room: String) async throws -> CachedEvent? {
        let me = userID
        return try await database.read { connection in
            let row = try connection.queryRow("""
                \(MatrixCache.selectEvents) WHERE e.room_id = ? AND e.thread_root IS NULL AND \(MatrixCache.saidBySomeone)
                  AND e.sender NOT IN (SELECT user_id FROM ignored) ORDER BY e.seq DESC LIMIT 1
                """, [.text(room)]).map { try CachedEvent(row: $0, connection) }
            return try MatrixCache.resolve(row.map { [$0] } ?? [], me: me, in: connection).first
        }
    }

    /// Up to `limit` events older than `seq` (all when nil), oldest first, without ignored senders.
    /// Thread replies are not in the room's timeline (their root counts them).
    func events(in room: String, before seq: Int64?, limit: Int) async throws -> [CachedEvent] {
        let me = userID
        return try await database.read { connection in
            let rows = try connection.query("""
                \(MatrixCache.selectEvents)
                WHERE e.room_id = ? AND e.seq < ? AND e.thread_root IS NULL AND e.sender NOT IN (SELECT user_id FROM ignored)
                ORDER BY e.seq DESC LIMIT ?
                """, [.text(room), .integer(seq ?? Int64.max), .integer(Int64(limit))]).map { try CachedEvent(row: $0, connection) }.reversed()
            return try MatrixCache.resolve(Array(rows), me: me, in: connection)
        }
    }

    /// The lowest seq cached for `room` (ignored senders included: it is a paging position).
    func oldestSeq(in room: String) async throws -> Int64? {
        try await database.read { try $0.scalar("SELECT min(seq) FROM events WHERE room_id = ?", [.text(room)]).int64 }
    }

    func event(_ id: String) async throws -> CachedEvent? {
        let me = userID
        return try await database.read { connection in
            let row = try connection.queryRow("\(MatrixCache.selectEvents) WHERE e.event_id = ?", [.text(id)]).map { try CachedEvent(row: $0, connection) }
            return try MatrixCache.resolve(row.map { [$0] } ?? [], me: me, in: connection).first
        }
    }

    /// The newest `limit` messages of `user` in `room`, oldest first.
    func events(by user: String, in room: String, limit: Int) async throws -> [CachedEvent] {
        let me = userID
        return try await database.read { connection in
            let rows = try connection.query("\(MatrixCache.selectEvents) WHERE e.room_id = ? AND e.sender = ? AND \(MatrixCache.saidBySomeone) ORDER BY e.seq DESC LIMIT ?",
                                            [.text(room), .text(user), .integer(Int64(limit))]).map { try CachedEvent(row: $0, connection) }.reversed()
            return try MatrixCache.resolve(Array(rows), me: me, in: connection)
        }
    }

    /// Events by `user` across rooms, newest first.
    func events(by user: String, limit: Int) async throws -> [CachedEvent] {
        let me = userID
        return try await database.read { connection in
            let rows = try connection.query("\(MatrixCache.selectEvents) WHERE e.sender = ? AND \(MatrixCache.saidBySomeone) ORDER BY e.ts DESC LIMIT ?",
                                            [.text(user), .integer(Int64(limit))]).map { try CachedEvent(row: $0, connection) }
            return try MatrixCache.resolve(rows, me: me, in: connection)
        }
    }

    func eventCount(by user: String) async throws -> Int {
        try await database.read { try $0.scalar("SELECT count(*) FROM events e WHERE e.sender = ? AND \(MatrixCache.saidBySomeone)", [.text(user)]).int ?? 0 }
    }

    /// Per room: messages since `since` and the newest one.
    func activity(since: Date) async throws -> [(room: String, count: Int, latest: CachedEvent?)] {
        let ms = Int64(since.timeIntervalSince1970 * 1000)
        let me = userID
        return try await database.read { connection in
            let counts = try connection.query("""
                SELECT room_id, count(*) AS n, max(seq) AS top FROM events e
                WHERE ts >= ? AND sender NOT IN (SELECT user_id FROM ignored) AND \(MatrixCache.saidBySomeone) GROUP BY room_id
                """, [.integer(ms)])
            return try counts.map { row in
                let room = row["room_id"].string ?? ""
                let latest = try connection.queryRow("\(MatrixCache.selectEvents) WHERE e.room_id = ? AND e.seq = ?",
                                                     [.text(room), row["top"]]).map { try CachedEvent(row: $0, connection) }
                return (room, row["n"].int ?? 0, try MatrixCache.resolve(latest.map { [$0] } ?? [], me: me, in: connection).first)
            }
        }
    }

    /// Stores a page from `/messages` below what is cached and records where paging continues.
    /// Returns how many events were new.
    @discardableResult
    func prepend(_ page: MessagesResponse, to room: String) async throws -> Int {
        try await database.write { connection in
            _ = try connection.run("INSERT OR IGNORE INTO rooms (room_id) VALUES (?)", [.text(room)])
            for member in page.state ?? [] where member.type == "m.room.member" {
                try MatrixCache.storeMember(member, room: room, in: connection)
            }
            var inserted = 0
            // The page's `state` is its senders' member state at its newest event: the names they
            // wrote under, whatever renames came later (on pages read before). Read backwards, a
            // member event of the page tells the name its member had before it (its prev_content):
            // older messages keep that one. Only a sender the server gave no state for falls back
            // to the member's current name.
            var namesBefore = MatrixCache.namesAtNewest(page.state ?? [])
            for event in page.chunk {  // newest first (dir=b)
                if event.type == "m.room.member" { try MatrixCache.storeMember(event, room: room, in: connection) }
                if event.type == MatrixCache.encryptionType { _ = try MatrixCache.markEncrypted(room, in: connection) }
                let line = try MatrixCache.store(event, room: room, at: .front, senderName: namesBefore[event.sender], in: connection)
                if case .line = line { inserted += 1 }
                if event.type == "m.room.member", let user = event.state_key {
                    namesBefore[user] = event.unsigned?.prev_content?.decode(as: MemberContent.self)?.displayname ?? ""
                }
            }
            let back: (Int64, SQLValue) = page.end.map { (1, .text($0)) } ?? (2, .null)
            _ = try connection.run("UPDATE rooms SET back_state = ?, back_token = ? WHERE room_id = ?",
                                   [.integer(back.0), back.1, .text(room)])
            return inserted
        }
    }

    /// Each member's display name in a page's member state ('' for none). A member who had left
    /// or was banned there is named by the event's previous content: the name they wrote under.
    static func namesAtNewest(_ state: [RoomEvent]) -> [String: String] {
        var names: [String: String] = [:]
        for event in state where event.type == "m.room.member" {
            guard let user = event.state_key, let member = event.content.json?.decode(as: MemberContent.self) else { continue }
            let gone = member.membership == "leave" || member.membership == "ban"
            names[user] = (gone ? event.unsigned?.prev_content?.decode(as: MemberContent.self)?.displayname : member.displayname) ?? ""
        }
        return names
    }

    /// Forgets a room's cached timeline (a peeked room is re-read from the live end next time).
    func resetTimeline(_ room: String) async throws {
        try await database.write { connection in
            _ = try connection.run("DELETE FROM events WHERE room_id = ?", [.text(room)])
            _ = try connection.run("UPDATE rooms SET back_state = 0, back_token = NULL WHERE room_id = ?", [.text(room)])
        }
    }

    /// Forgets every cached timeline: after an unblock, the server serves the messages it held
    /// back while the user was ignored, and rooms are re-read from the live end.
    func resetAllTimelines() async throws {
        try await database.write { connection in
            _ = try connection.run("DELETE FROM events")
            _ = try connection.run("UPDATE rooms SET back_state = 0, back_token = NULL")
        }
    }

    /// Inserts one message event (`m.room.message`, `m.sticker`, or `m.room.encrypted` as a placeholder) at
    /// `place` in the room's order, with the reply and thread it belongs to; one the server
    /// hands out already redacted is kept as deleted. False when it was not a message or was
    /// already cached.
    /// The sender's name is `senderName` when the caller knows it at this event (history read
    /// backwards), else the member state cached now, which live events are stored in step with.
    static func insert(_ event: RoomEvent, room: String, at place: TimelinePlace, content given: MessageEventContent? = nil,
                       senderName: String? = nil, in connection: Connection) throws -> Bool {
        let redacted = event.isRedacted && ["m.room.message", encryptedEventType, stickerType].contains(event.type)
        guard let id = event.event_id,
              let content = redacted ? MessageEventContent(msgtype: "m.text", body: "") : given ?? cachedContent(of: event) else { return false }
        let relation = redacted ? nil : event.relatesTo
        let threadRoot = relation?.rel_type == RelationType.thread ? relation?.event_id : nil
        // At the end, the seq is read in the insert itself (a statement less for each line a sync
        // brings: a cold start's window stores hundreds).
        let seq: SQLValue
        if place == .end {
            seq = .text(room)
        } else {
            guard let known = try place.seq(for: id, in: room, connection) else { return false }
            seq = .integer(known)
        }
        let changed = try connection.run(place == .end ? insertAtEnd : insertAtSeq,
                                         [.text(id), .text(room), seq, .text(event.sender), .integer(event.origin_server_ts ?? 0),
                                          .text(content.msgtype), .text(content.body), SQLValue(content.url), SQLValue(content.info?.mimetype),
                                          SQLValue(content.info?.size), SQLValue(content.info?.w), SQLValue(content.info?.h),
                                          SQLValue(event.unsigned?.transaction_id), SQLValue(relation?.replyTarget), SQLValue(threadRoot),
                                          SQLValue(redacted), SQLValue(content.html), SQLValue(content.filename), SQLValue(senderName),
                                          .text(room), .text(event.sender)])
        if changed > 0 { try indexForSearch(rowid: connection.lastInsertRowID, msgtype: content.msgtype, body: content.body, in: connection) }
        // Our own echo settles its outbox entry, whichever arrives first: the echo or the answer.
        if let transaction = event.unsigned?.transaction_id {
            _ = try connection.run("DELETE FROM outbox WHERE txn_id = ?", [.text(transaction)])
        }
        return changed > 0
    }

    /// `insert`'s statement, the seq given…
    private static let insertAtSeq = insertSQL(seq: "?")
    /// …or after everything the room has cached (`TimelinePlace.end`; the argument is the room).
    private static let insertAtEnd = insertSQL(seq: "(SELECT coalesce(max(seq) + 1, 0) FROM events WHERE room_id = ?)")

    private static func insertSQL(seq: String) -> String {
        """
        INSERT OR IGNORE INTO events (event_id, room_id, seq, sender, ts, msgtype, body, url, mimetype, size, width, height,
            txn_id, reply_to, thread_root, redacted, formatted, filename, sender_name)
        VALUES (?, ?, \(seq), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
                COALESCE(?, (SELECT COALESCE(display_name, '') FROM members WHERE room_id = ? AND user_id = ?)))
        """
    }

    /// Records a member's display name; the newest member event wins, whichever way it arrives
    /// (history pages and a sync's `state` section carry older ones). True when a member already
    /// known got a different display name.
    @discardableResult
    static func storeMember(_ event: RoomEvent, room: String, in connection: Connection) throws -> Bool {
        guard let user = event.state_key, let member = event.content.json?.decode(as: MemberContent.self) else { return false }
        let ts = event.origin_server_ts ?? 0
        let before = try connection.queryRow("SELECT display_name, ts FROM members WHERE room_id = ? AND user_id = ?",
                                             [.text(room), .text(user)])
        _ = try connection.run("""
            INSERT INTO members (room_id, user_id, display_name, membership, ts) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (room_id, user_id) DO UPDATE SET
                -- a leave or ban carries no display name: the member keeps the one they had
                display_name = CASE WHEN excluded.membership IN ('leave', 'ban') AND excluded.display_name IS NULL
                                    THEN members.display_name ELSE excluded.display_name END,
                membership = excluded.membership, ts = excluded.ts WHERE excluded.ts >= members.ts
            """, [.text(room), .text(user), SQLValue(member.displayname), .text(member.membership), .integer(ts)])
        guard let before, ts >= (before["ts"].int64 ?? 0), member.membership != "leave", member.membership != "ban" else { return false }
        return before["display_name"].string != member.displayname
    }
}

extension MatrixCache {
    /// The cached messages with these ids, oldest first, without ignored senders.
    func events(ids: [String]) async throws -> [CachedEvent] {
        guard !ids.isEmpty else { return [] }
        let me = userID
        return try await database.read { try MatrixCache.events(ids: ids, me: me, in: $0) }
    }

    /// `events(ids:)` inside a transaction already open (a sync answer's, for what it added).
    static func events(ids: [String], me: String, in connection: Connection) throws -> [CachedEvent] {
        guard !ids.isEmpty else { return [] }
        let marks = Array(repeating: "?", count: ids.count).joined(separator: ",")
        let rows = try connection.query("""
            \(MatrixCache.selectEvents) WHERE e.event_id IN (\(marks)) AND e.sender NOT IN (SELECT user_id FROM ignored)
            ORDER BY e.seq
            """, ids.map(SQLValue.text)).map { try CachedEvent(row: $0, connection) }
        return try MatrixCache.resolve(rows, me: me, in: connection)
    }
}
