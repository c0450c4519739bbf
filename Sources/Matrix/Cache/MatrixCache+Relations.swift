import ChatCore
import FoundationEssentials
import Storage

/// What one timeline event did to the cache.
enum TimelineEffect: Hashable, Sendable {
    case nothing
    /// A new line of the room's timeline.
    case line(String)
    /// A message already cached changed: edited, reacted to or deleted.
    case changed(String)
    /// A reply in the thread `root` started: no line of the room, but new in its thread, and the
    /// root's count changed.
    case threadReply(String, root: String)
}

/// Relations as the timeline delivers them: edits and reactions are kept apart from the lines
/// they change, redactions delete what they name (when their sender may), thread replies are
/// kept out of the room's timeline.
extension MatrixCache {
    static let reactionType = "m.reaction"
    static let redactionType = "m.room.redaction"

    /// Stores one timeline event wherever it belongs; a new line goes at `place` in the room's
    /// order. `senderName` is the sender's name at this event when the caller knows it (see
    /// `insert`).
    static func store(_ event: RoomEvent, room: String, at place: TimelinePlace, senderName: String? = nil,
                      in connection: Connection) throws -> TimelineEffect {
        let relation = event.relatesTo
        switch event.type {
        case redactionType:
            return try redact(event, room: room, in: connection)
        case reactionType:
            guard relation?.rel_type == RelationType.reaction, let key = relation?.key, !key.isEmpty else { return .nothing }
            return try storeRelation(event, room: room, key: key, content: nil, in: connection)
        case "m.room.message" where relation?.rel_type == RelationType.edit:
            guard var new = event.content.timeline?.newContent else { return .nothing }
            // As for originals: no edit can make text look like tteok's own placeholder.
            if new.msgtype == encryptedMsgtype { new.msgtype = "m.text" }
            return try storeRelation(event, room: room, key: nil, content: new, in: connection)
        case let type where RoomChangeLines.eventTypes.contains(type) && event.state_key != nil:
            guard let change = try RoomChangeLines.change(of: event, room: room, in: connection),
                  try insert(event, room: room, at: place, content: RoomChangeLines.content(change), senderName: senderName,
                             in: connection),
                  let id = event.event_id else { return .nothing }
            return .line(id)
        default:
            guard try insert(event, room: room, at: place, senderName: senderName, in: connection), let id = event.event_id else {
                return .nothing
            }
            if relation?.rel_type == RelationType.thread, let root = relation?.event_id { return .threadReply(id, root: root) }
            return .line(id)
        }
    }

    /// An edit or a reaction, kept by its target. Whether it counts is decided when it is read.
    private static func storeRelation(_ event: RoomEvent, room: String, key: String?, content: MessageEventContent?,
                                      in connection: Connection) throws -> TimelineEffect {
        guard let id = event.event_id, let target = event.relatesTo?.event_id, !event.isRedacted else { return .nothing }
        let changed = try connection.run("""
            INSERT OR IGNORE INTO relations (event_id, room_id, target, rel_type, sender, ts, key, msgtype, body, formatted)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [.text(id), .text(room), .text(target), .text(event.relatesTo?.rel_type ?? ""), .text(event.sender),
                  .integer(event.origin_server_ts ?? 0), SQLValue(key), SQLValue(content?.msgtype), SQLValue(content?.body),
                  SQLValue(content?.html)])
        return changed > 0 ? .changed(target) : .nothing
    }

    /// Applies an `m.room.redaction`: its sender's own event, or anyone's when the sender may
    /// redact others by the room's power levels (a server can carry a redaction it never checked,
    /// so the client checks too). A message keeps its place as "deleted"; an edit or reaction goes.
    private static func redact(_ event: RoomEvent, room: String, in connection: Connection) throws -> TimelineEffect {
        guard let target = event.redactedEventID else { return .nothing }
        let moderator = try MatrixCache.room(room, in: connection)?.powerLevels?.canRedactOthers(event.sender) ?? false
        if let line = try connection.queryRow("SELECT sender FROM events WHERE event_id = ? AND room_id = ?", [.text(target), .text(room)]) {
            guard line["sender"].string == event.sender || moderator else { return .nothing }
            _ = try connection.run("""
                UPDATE events SET redacted = 1, body = '', url = NULL, mimetype = NULL, size = NULL, width = NULL,
                    height = NULL, reply_to = NULL WHERE event_id = ?
                """, [.text(target)])
            _ = try connection.run("DELETE FROM relations WHERE target = ?", [.text(target)])
            _ = try connection.run("UPDATE quoted SET redacted = 1, body = '' WHERE event_id = ?", [.text(target)])
            return .changed(target)
        }
        if let relation = try connection.queryRow("SELECT sender, target FROM relations WHERE event_id = ? AND room_id = ?",
                                                  [.text(target), .text(room)]) {
            guard relation["sender"].string == event.sender || moderator else { return .nothing }
            _ = try connection.run("DELETE FROM relations WHERE event_id = ?", [.text(target)])
            return relation["target"].string.map(TimelineEffect.changed) ?? .nothing
        }
        _ = try connection.run("UPDATE quoted SET redacted = 1, body = '' WHERE event_id = ? AND sender = ?",
                               [.text(target), .text(event.sender)])
        return .nothing
    }

    /// Keeps the original of a reply fetched from the server (or that it could not be had). A
    /// membership or room change is kept as the change it makes, as its line in the timeline
    /// is; another state event has no words to quote and is kept as unavailable.
    func storeQuoted(_ event: RoomEvent?, id: String, room: String) async throws {
        try await database.write { connection in
            var content = event.flatMap(MatrixCache.cachedContent(of:))
            if let event, content == nil, RoomChangeLines.eventTypes.contains(event.type), event.state_key != nil,
               let change = try RoomChangeLines.change(of: event, room: room, in: connection) {
                content = try RoomChangeLines.content(change)
            }
            let body = content.map { event?.relatesTo?.replyTarget == nil ? $0.body : ReplyFallback.strippedBody($0.body) } ?? ""
            let redacted = event?.isRedacted == true
            _ = try connection.run("""
                INSERT OR REPLACE INTO quoted (event_id, room_id, sender, body, redacted, available, msgtype) VALUES (?, ?, ?, ?, ?, ?, ?)
                """, [.text(id), .text(room), .text(event?.sender ?? ""), .text(body),
                      SQLValue(redacted), SQLValue(event != nil && (content != nil || redacted)), SQLValue(content?.msgtype)])
        }
    }
}

/// A message a member acts on, as the server knows it.
struct EventReference: Hashable, Sendable {
    var eventID: String
    var sender: String
    var redacted: Bool
}

extension MatrixCache {
    /// The delivered event behind a message id of `room` (an event id, or the transaction id our
    /// own messages keep as their id); nil when the cache has none.
    func reference(_ message: String, in room: String) async throws -> EventReference? {
        try await database.read { connection in
            try connection.queryRow("SELECT event_id, sender, redacted FROM events WHERE room_id = ? AND (event_id = ? OR txn_id = ?)",
                                    [.text(room), .text(message), .text(message)]).map { row in
                EventReference(eventID: row["event_id"].string ?? "", sender: row["sender"].string ?? "", redacted: row["redacted"].int == 1)
            }
        }
    }

    /// Applies a redaction the server just accepted from `user` (ours), through the same rules
    /// as its echo; true when it changed something.
    func applyOwnRedaction(_ redaction: String, of event: String, in room: String, by user: String) async throws -> Bool {
        let echo = RoomEvent(event_id: redaction, type: Self.redactionType, sender: user,
                             origin_server_ts: Int64(Date().timeIntervalSince1970 * 1000), content: .object(["redacts": .string(event)]),
                             redacts: event)
        return try await database.write { try MatrixCache.store(echo, room: room, at: .end, in: $0) != .nothing }
    }

    /// The event id of `user`'s reaction to `event` with `key`, if they gave one.
    func reaction(_ key: String, by user: String, to event: String) async throws -> String? {
        try await database.read { connection in
            try connection.scalar("SELECT event_id FROM relations WHERE target = ? AND rel_type = ? AND sender = ? AND key = ? LIMIT 1",
                                  [.text(event), .text(RelationType.reaction), .text(user), .text(key)]).string
        }
    }
}
