import ChatCore
import FoundationEssentials
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
    /// A sticker event's type, and the msgtype it is cached under.
    static let stickerType = "m.sticker"
    static let locationMsgtype = "m.location"

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

    /// The message content an event is cached as: an `m.room.message` as sent (a place's `geo:`
    /// URI in the `url` column), an `m.sticker` under the msgtype `m.sticker`, an
    /// `m.room.encrypted` as a placeholder with no body; nil for anything else (state, reactions, …).
    static func cachedContent(of event: RoomEvent) -> MessageEventContent? {
        switch event.type {
        case "m.room.message":
            guard var content = event.content.timeline?.message else { return nil }
            // A plaintext message claiming the placeholder's msgtype is shown as the text it is.
            // Nor tteok's own kind for room changes: a message cannot pose as "Bob was banned".
            if content.msgtype == encryptedMsgtype || content.msgtype == RoomChangeLines.msgtype {
                return MessageEventContent(msgtype: "m.text", body: content.body)
            }
            if content.msgtype == locationMsgtype { content.url = content.geoURI } else { content.url = content.mediaReference }
            return content
        case stickerType:
            // A sticker has no msgtype; cached as one of its own, drawn as the picture it is.
            guard let sticker = event.content.timeline?.sticker else { return nil }
            return MessageEventContent(msgtype: stickerType, body: sticker.body ?? "", url: sticker.url ?? EncryptedMedia.reference(sticker.file),
                                       info: sticker.info)
        case encryptedEventType:
            return MessageEventContent(msgtype: encryptedMsgtype, body: "")
        default:
            return nil
        }
    }
}
