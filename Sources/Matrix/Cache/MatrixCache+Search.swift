import ChatCore
import FoundationEssentials
import Storage

/// Full-text search over the cached timelines: a contentless FTS5 table of `SearchTerms` keyed by
/// the events' rowid. New events are indexed by `insert` itself (`indexForSearch`); deletions and
/// updates by triggers (an encrypted placeholder decrypted in place is an update of its body and
/// msgtype, and is indexed then).
extension MatrixCache {
    /// The message types the index holds: text-like messages; placeholders and media are not.
    static let searchableMsgtypes: Set<String> = ["m.text", "m.notice", "m.emote"]

    /// Only text-like messages are indexed; placeholders and media are not.
    static let searchSchema = """
        CREATE VIRTUAL TABLE event_search USING fts5(terms, content='', prefix='1', tokenize='unicode61');
        INSERT INTO event_search(rowid, terms) SELECT rowid, search_terms(body) FROM events
            WHERE msgtype IN ('m.text', 'm.notice', 'm.emote');
        CREATE TRIGGER event_search_insert AFTER INSERT ON events WHEN new.msgtype IN ('m.text', 'm.notice', 'm.emote') BEGIN
            INSERT INTO event_search(rowid, terms) VALUES (new.rowid, search_terms(new.body));
        END;
        CREATE TRIGGER event_search_delete AFTER DELETE ON events WHEN old.msgtype IN ('m.text', 'm.notice', 'm.emote') BEGIN
            INSERT INTO event_search(event_search, rowid, terms) VALUES ('delete', old.rowid, search_terms(old.body));
        END;
        CREATE TRIGGER event_search_update AFTER UPDATE OF body, msgtype ON events BEGIN
            INSERT INTO event_search(event_search, rowid, terms) SELECT 'delete', old.rowid, search_terms(old.body)
                WHERE old.msgtype IN ('m.text', 'm.notice', 'm.emote');
            INSERT INTO event_search(rowid, terms) SELECT new.rowid, search_terms(new.body)
                WHERE new.msgtype IN ('m.text', 'm.notice', 'm.emote');
        END;
        """

    /// Where a page of results continues: below this time, then below this event id.
    struct SearchMark: Hashable, Sendable {
        var timestamp: Int64
        var eventID: String
    }

    /// Cached messages matching `expression` (a `SearchTerms` match expression) in joined rooms
    /// (`room` only, when given), older than `mark`, newest first, without ignored senders.
    func search(_ expression: String, room: String?, below mark: SearchMark?, limit: Int) async throws -> [CachedEvent] {
        try await database.read { connection in
            try connection.query("""
                \(MatrixCache.selectEvents)
                JOIN rooms r ON r.room_id = e.room_id
                WHERE e.rowid IN (SELECT rowid FROM event_search WHERE event_search MATCH ?1)
                  AND r.membership = 'join' AND (?2 IS NULL OR e.room_id = ?2)
                  AND (e.ts < ?3 OR (e.ts = ?3 AND e.event_id < ?4))
                  AND e.sender NOT IN (SELECT user_id FROM ignored)
                ORDER BY e.ts DESC, e.event_id DESC LIMIT ?5
                """, [.text(expression), SQLValue(room), .integer(mark?.timestamp ?? Int64.max), .text(mark?.eventID ?? ""),
                      .integer(Int64(limit))]).map { try CachedEvent(row: $0, connection) }
        }
    }

    /// Indexes an event just inserted (`rowid`) when its type is searchable. A statement, not the
    /// trigger it replaces (schema step 17): a trigger makes each insert a statement of its own
    /// inside the transaction, and SQLite 3.40's FTS5 writes its pending terms to disk as a new
    /// segment at every such statement, merging segments as they pile up — callgrind counted
    /// 190,000 instructions per live message for it, a seventh of a burst's whole cost. Plain
    /// inserts leave the terms pending until the commit: one segment per sync answer.
    static func indexForSearch(rowid: Int64, msgtype: String, body: String, in connection: Connection) throws {
        guard searchableMsgtypes.contains(msgtype) else { return }
        _ = try connection.run("INSERT INTO event_search(rowid, terms) VALUES (?, search_terms(?))", [.integer(rowid), .text(body)])
    }
}
