import ChatCore
import FoundationEssentials
import Storage

/// Reads what other events say about cached messages. The rules of which relations count live
/// here: only the original sender's edits, reactions of people not ignored counted once each,
/// thread replies not deleted, a quoted original whose sender is not ignored.
extension MatrixCache {
    /// `events` with their relations filled in, in one read.
    static func resolve(_ events: [CachedEvent], me: String, in connection: Connection) throws -> [CachedEvent] {
        guard !events.isEmpty else { return [] }
        let pointedAt = try pointedAt(events.map(\.eventID), in: connection)
        return try events.map { event in
            var resolved = event
            resolved.relations = try relations(of: event, me: me, pointedAt: pointedAt, in: connection)
            return resolved
        }
    }

    /// Of `ids`, those an edit or a reaction names (`relations`), and those with thread replies
    /// (`threads`), in two reads for all of them. Most messages have neither: the three reads
    /// per message that found nothing (a count, an edit, the reactions grouped and sorted) cost
    /// a live message more than reading its own row.
    private static func pointedAt(_ ids: [String], in connection: Connection) throws -> (relations: Set<String>, threads: Set<String>) {
        let list = String(decoding: try JSONEncoder().encode(ids), as: UTF8.self)
        let relations = try connection.query("SELECT DISTINCT target FROM relations WHERE target IN (SELECT value FROM json_each(?))",
                                             [.text(list)]).compactMap { $0[0].string }
        let threads = try connection.query("""
            SELECT DISTINCT thread_root FROM events WHERE thread_root IS NOT NULL AND thread_root IN (SELECT value FROM json_each(?))
            """, [.text(list)]).compactMap { $0[0].string }
        return (Set(relations), Set(threads))
    }

    private static func relations(of event: CachedEvent, me: String, pointedAt: (relations: Set<String>, threads: Set<String>),
                                  in connection: Connection) throws -> CachedRelations {
        var relations = CachedRelations()
        // Counted for a deleted root too: its thread stays reachable.
        if pointedAt.threads.contains(event.eventID) {
            relations.threadReplies = try connection.scalar("""
                SELECT count(*) FROM events WHERE thread_root = ? AND redacted = 0 AND sender NOT IN (SELECT user_id FROM ignored)
                """, [.text(event.eventID)]).int ?? 0
        }
        if relations.threadReplies > 0 { relations.threadUnread = try threadUnread(of: event.eventID, in: event.roomID, connection) }
        guard !event.redacted else { return relations }
        if pointedAt.relations.contains(event.eventID) {
            relations.edit = try edit(of: event.eventID, by: event.sender, in: connection)
            relations.reactions = try connection.query("""
                SELECT key, count(DISTINCT sender) AS n, max(sender = ?) AS mine, min(ts) AS first FROM relations
                WHERE target = ? AND rel_type = ? AND sender NOT IN (SELECT user_id FROM ignored)
                GROUP BY key ORDER BY first, key
                """, [.text(me), .text(event.eventID), .text(RelationType.reaction)])
                .map { ReactionCount(key: $0["key"].string ?? "", count: $0["n"].int ?? 0, mine: $0["mine"].int == 1) }
        }
        if let parent = event.replyTo { relations.parent = try quotedParent(parent, in: connection) }
        return relations
    }

    /// The newest edit of `target` by its own sender: anyone else's `m.replace` is ignored.
    private static func edit(of target: String, by sender: String, in connection: Connection) throws -> CachedRelations.Edit? {
        try connection.queryRow("""
            SELECT msgtype, body, ts, substr(formatted, 1, \(HTMLText.inputLimit)) AS formatted FROM relations
            WHERE target = ? AND rel_type = ? AND sender = ?
            ORDER BY ts DESC, event_id DESC LIMIT 1
            """, [.text(target), .text(RelationType.edit), .text(sender)]).map { row in
            var content = MessageEventContent(msgtype: row["msgtype"].string ?? "m.text", body: row["body"].string ?? "")
            if let html = row["formatted"].string { (content.format, content.formattedBody) = (MessageEventContent.htmlFormat, html) }
            return CachedRelations.Edit(timestamp: row["ts"].int64 ?? 0, content: content)
        }
    }

    /// The original of a reply: from the timeline (as edited), else as fetched, else not cached.
    /// A room change is quoted as the change, or as unavailable when its line does not decode.
    private static func quotedParent(_ id: String, in connection: Connection) throws -> CachedRelations.Parent {
        let row = try connection.queryRow("""
            SELECT e.sender, e.body, e.msgtype, e.redacted, e.reply_to, COALESCE(e.sender_name, m.display_name) AS display_name,
                   e.sender IN (SELECT user_id FROM ignored) AS hidden FROM events e
            LEFT JOIN members m ON m.room_id = e.room_id AND m.user_id = e.sender WHERE e.event_id = ?
            """, [.text(id)])
        if let row, let sender = row["sender"].string {
            if row["hidden"].int == 1 { return .unavailable }
            if row["msgtype"].string == RoomChangeLines.msgtype { return roomChange(row, sender: sender) }
            let edited = try edit(of: id, by: sender, in: connection)?.content.body
            let raw = row["msgtype"].string == encryptedMsgtype ? MessageContent.encryptedPlaceholder : row["body"].string ?? ""
            let body = edited ?? (row["reply_to"].isNull ? raw : ReplyFallback.strippedBody(raw))
            return .event(sender: sender, senderName: row["display_name"].string, body: body, redacted: row["redacted"].int == 1)
        }
        guard let quoted = try connection.queryRow("""
            SELECT q.*, m.display_name, q.sender IN (SELECT user_id FROM ignored) AS hidden FROM quoted q
            LEFT JOIN members m ON m.room_id = q.room_id AND m.user_id = q.sender WHERE q.event_id = ?
            """, [.text(id)]) else { return .notCached }
        guard quoted["available"].int == 1, quoted["hidden"].int != 1, let sender = quoted["sender"].string else { return .unavailable }
        if quoted["msgtype"].string == RoomChangeLines.msgtype { return roomChange(quoted, sender: sender) }
        return .event(sender: sender, senderName: quoted["display_name"].string, body: quoted["body"].string ?? "",
                      redacted: quoted["redacted"].int == 1)
    }

    private static func roomChange(_ row: Row, sender: String) -> CachedRelations.Parent {
        guard let change = RoomChangeLines.change(fromBody: row["body"].string ?? "") else { return .unavailable }
        return .roomChange(sender: sender, senderName: row["display_name"].string, change)
    }
}
