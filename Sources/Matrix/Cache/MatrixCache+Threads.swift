import ChatCore
import FoundationEssentials
import Storage

/// Threads in the cache: replies keep their root in `events.thread_root` (cache step 7) and are
/// never lines of the room's timeline; a thread's view reads them by root.
extension MatrixCache {
    /// The newest `limit` replies in the thread `root` started (those before the reply `before`,
    /// when given), oldest first, without ignored senders.
    func threadReplies(of root: String, before: String? = nil, limit: Int) async throws -> [CachedEvent] {
        let me = userID
        return try await database.read { connection in
            let older = before == nil ? "" : """
                AND (e.ts, e.seq) < (SELECT b.ts, b.seq FROM events b WHERE b.event_id = ?3 AND b.thread_root = ?1)
                """
            let rows = try connection.query("""
                \(MatrixCache.selectEvents)
                WHERE e.thread_root = ?1 AND e.sender NOT IN (SELECT user_id FROM ignored) \(older)
                ORDER BY e.ts DESC, e.seq DESC LIMIT ?2
                """, [.text(root), .integer(Int64(max(1, limit)))] + (before.map { [.text($0)] } ?? []))
                .map { try CachedEvent(row: $0, connection) }.reversed()
            return try MatrixCache.resolve(Array(rows), me: me, in: connection)
        }
    }

    /// Stores replies the server gave for the thread `root`'s view (`/relations`). They go below
    /// the room's cached order, as history does: they are no lines, so no line is put out of
    /// place. Only an event whose own relation names `root` as its thread is taken: the answer
    /// comes from the server, which must not file events under another thread (or in the room)
    /// by handing them out here.
    func storeThreadPage(_ events: [RoomEvent], root: String, room: String) async throws {
        try await database.write { connection in
            _ = try connection.run("INSERT OR IGNORE INTO rooms (room_id) VALUES (?)", [.text(room)])
            for event in events where event.relatesTo?.rel_type == RelationType.thread && event.relatesTo?.event_id == root {
                _ = try MatrixCache.store(event, room: room, at: .front, in: connection)
            }
        }
    }

    /// An event the cache does not hold (a thread's root from before what is cached), with what
    /// the cache knows of its relations.
    func resolved(_ event: CachedEvent) async throws -> CachedEvent {
        let me = userID
        return try await database.read { try MatrixCache.resolve([event], me: me, in: $0).first ?? event }
    }
}

extension CachedEvent {
    /// A message event fetched from the server and not cached; nil for anything else.
    init?(uncached event: RoomEvent, room: String, senderName: String?) {
        let redacted = event.isRedacted
        guard let id = event.event_id,
              let content = redacted ? MessageEventContent(msgtype: "m.text", body: "") : MatrixCache.cachedContent(of: event) else { return nil }
        eventID = id
        transactionID = nil
        roomID = room
        seq = 0
        sender = event.sender
        self.senderName = senderName
        timestamp = event.origin_server_ts ?? 0
        self.content = content
        // Read no more of it than of a cached body.
        (self.content.body, omittedBytes) = ReadingCap.text(content.body)
        if content.msgtype == MatrixCache.locationMsgtype { (self.content.geoURI, self.content.url, self.content.info) = (content.url, nil, nil) }
        let relation = redacted ? nil : event.relatesTo
        replyTo = relation?.replyTarget
        threadRoot = relation?.rel_type == RelationType.thread ? relation?.event_id : nil
        self.redacted = redacted
    }
}
