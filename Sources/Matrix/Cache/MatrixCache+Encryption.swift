import ChatCore
import Foundation
import Storage

/// End-to-end encrypted rooms, before tteok can encrypt: which rooms are encrypted (so nothing is
/// sent there as plaintext) and how their undecryptable events are kept (as placeholders).
extension MatrixCache {
    /// The state event that turns a room's encryption on; it cannot be turned off again.
    static let encryptionType = "m.room.encryption"
    /// The event type of an encrypted timeline event.
    static let encryptedEventType = "m.room.encrypted"
    /// The `msgtype` an encrypted event is cached under: not a Matrix msgtype, so no sender can
    /// make a plaintext message look like one (a sent `msgtype` of this value stays text).
    static let encryptedMsgtype = "net.tteok.encrypted"

    /// Marks `room` encrypted. Any `m.room.encryption` event counts, even one without an
    /// algorithm: once encrypted, always encrypted (a later event cannot clear it, and when in
    /// doubt tteok refuses to send rather than leak). True when the room was not marked before.
    @discardableResult
    static func markEncrypted(_ room: String, in connection: Connection) throws -> Bool {
        _ = try connection.run("INSERT OR IGNORE INTO rooms (room_id) VALUES (?)", [.text(room)])
        return try connection.run("UPDATE rooms SET encrypted = 1 WHERE room_id = ? AND encrypted = 0", [.text(room)]) > 0
    }

    func markEncrypted(_ room: String) async throws {
        try await database.write { _ = try MatrixCache.markEncrypted(room, in: $0) }
    }

    /// The message content an event is cached as: an `m.room.message` as sent, an `m.room.encrypted`
    /// as a placeholder with no body; nil for anything else (state, reactions, …).
    static func cachedContent(of event: RoomEvent) -> MessageEventContent? {
        switch event.type {
        case "m.room.message":
            guard let content = event.content.decode(as: MessageEventContent.self) else { return nil }
            // A plaintext message claiming the placeholder's msgtype is shown as the text it is.
            return content.msgtype == encryptedMsgtype ? MessageEventContent(msgtype: "m.text", body: content.body) : content
        case encryptedEventType:
            return MessageEventContent(msgtype: encryptedMsgtype, body: "")
        default:
            return nil
        }
    }
}
