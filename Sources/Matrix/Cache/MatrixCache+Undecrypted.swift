import ChatCore
import FoundationEssentials
import Storage

/// An encrypted event cached as a placeholder, with what is needed to decrypt it later.
struct UndecryptedEvent: Hashable, Sendable {
    var eventID: String
    var roomID: String
    var sessionID: String
    var sender: String
    var timestamp: Int64
    /// The event's content as JSON text (`algorithm`, `sender_key`, `session_id`, `ciphertext`).
    var content: String
    /// Why it is not decrypted yet, in words.
    var reason: String
}

/// Placeholders of encrypted events and their decryption in place once the key arrives (the
/// message that arrives before its key).
extension MatrixCache {
    /// Keeps the ciphertext of placeholders just cached, so a later key can decrypt them.
    func recordUndecrypted(_ events: [UndecryptedEvent]) async throws {
        guard !events.isEmpty else { return }
        try await database.write { connection in
            for event in events {
                _ = try connection.run("""
                    INSERT OR REPLACE INTO undecrypted (event_id, room_id, session_id, sender, ts, content, reason)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """, [.text(event.eventID), .text(event.roomID), .text(event.sessionID), .text(event.sender),
                          .integer(event.timestamp), .text(event.content), .text(event.reason)])
            }
        }
    }

    /// Records the sending device (curve25519 key) of decrypted events: `event id → sender_key`.
    func recordSenderKeys(_ keys: [String: String]) async throws {
        guard !keys.isEmpty else { return }
        try await database.write { connection in
            for (event, key) in keys {
                _ = try connection.run("INSERT OR REPLACE INTO sender_devices (event_id, sender_key) VALUES (?, ?)", [.text(event), .text(key)])
            }
        }
    }

    /// The placeholders waiting for `sessionID`'s key.
    func undecrypted(session sessionID: String) async throws -> [UndecryptedEvent] {
        try await database.read { connection in
            try connection.query("SELECT * FROM undecrypted WHERE session_id = ? ORDER BY ts", [.text(sessionID)]).map { row in
                UndecryptedEvent(eventID: row["event_id"].string ?? "", roomID: row["room_id"].string ?? "",
                                 sessionID: row["session_id"].string ?? "", sender: row["sender"].string ?? "",
                                 timestamp: row["ts"].int64 ?? 0, content: row["content"].string ?? "", reason: row["reason"].string ?? "")
            }
        }
    }

    /// Why the cached placeholder `eventID` is undecrypted, if it is.
    func undecryptedReason(_ eventID: String) async throws -> String? {
        try await database.read { try $0.scalar("SELECT reason FROM undecrypted WHERE event_id = ?", [.text(eventID)]).string }
    }

    func setUndecryptedReason(_ eventID: String, _ reason: String) async throws {
        try await database.write { _ = try $0.run("UPDATE undecrypted SET reason = ? WHERE event_id = ?", [.text(reason), .text(eventID)]) }
    }

    /// Replaces the placeholder `eventID` with its decrypted event, in place (same position in
    /// the room). A plaintext that is no message (a reaction, …) removes the placeholder. True
    /// when a cached placeholder changed.
    func replacePlaceholder(_ eventID: String, with plaintext: RoomEvent) async throws -> Bool {
        try await database.write { connection in
            _ = try connection.run("DELETE FROM undecrypted WHERE event_id = ?", [.text(eventID)])
            let placeholder: [SQLValue] = [.text(eventID), .text(MatrixCache.encryptedMsgtype)]
            guard let content = MatrixCache.cachedContent(of: plaintext), plaintext.type != MatrixCache.encryptedEventType else {
                return try connection.run("DELETE FROM events WHERE event_id = ? AND msgtype = ?", placeholder) > 0
            }
            return try connection.run("""
                UPDATE events SET msgtype = ?, body = ?, url = ?, mimetype = ?, size = ?, width = ?, height = ?
                WHERE event_id = ? AND msgtype = ?
                """, [.text(content.msgtype), .text(content.body), SQLValue(content.url), SQLValue(content.info?.mimetype),
                      SQLValue(content.info?.size), SQLValue(content.info?.w), SQLValue(content.info?.h)] + placeholder) > 0
        }
    }
}
