/// A room event's content. The events a busy room is made of (messages, stickers, reactions,
/// redactions) are decoded from the answer's bytes straight into the few fields tteok reads
/// (`TimelineFields`): building an open JSON tree for each of them, then encoding and decoding it
/// again for every typed view, was most of the CPU a live message cost. Any other event (state,
/// encrypted, unknown) keeps its content as open JSON and is read through typed views.
enum EventContent: Hashable, Sendable {
    case timeline(TimelineFields)
    case json(JSONValue)

    /// The content of an event of `type` built from JSON (a decrypted event, our own echo, a test):
    /// typed the same way as one decoded from the wire, so every read takes one path.
    init(type: String, json: JSONValue) {
        self = TimelineFields.types.contains(type) ? .timeline(TimelineFields(type: type, json: json)) : .json(json)
    }

    init(type: String, from decoder: Decoder) throws {
        self = TimelineFields.types.contains(type)
            ? .timeline(TimelineFields(type: type, from: decoder))
            : .json(try type == "m.room.power_levels" ? JSONValue(powerLevels: decoder) : JSONValue(content: decoder))
    }

    /// The open JSON of an event that is not typed; nil for a timeline event (read its fields).
    var json: JSONValue? {
        if case .json(let value) = self { return value }
        return nil
    }

    /// The fields of a timeline event; nil for any other.
    var timeline: TimelineFields? {
        if case .timeline(let fields) = self { return fields }
        return nil
    }

    /// The relation it declares, for any event type (an encrypted event carries it in the clear).
    var relatesTo: RelatesTo? {
        switch self {
        case .timeline(let fields): return fields.relatesTo
        case .json(let value): return value["m.relates_to"]?.decode(as: RelatesTo.self)
        }
    }

    /// No content at all: what a server hands out for a redacted event.
    var isEmpty: Bool {
        switch self {
        case .timeline(let fields): return fields.isEmpty
        case .json(.object(let fields)): return fields.isEmpty
        case .json: return false
        }
    }
}

/// The fields tteok reads from a message, sticker, reaction or redaction. Each part is decoded on
/// its own: a part of the wrong shape is nil (a malformed message is not shown, as before) and
/// never costs the rest of the event or of the answer. Fields tteok does not read are skipped
/// without being built.
struct TimelineFields: Hashable, Sendable {
    static let types: Set<String> = ["m.room.message", MatrixCache.stickerType, MatrixCache.reactionType, MatrixCache.redactionType]

    /// An `m.room.message`'s content as sent; nil when it lacks `msgtype` or `body` or has a
    /// part of the wrong type.
    var message: MessageEventContent?
    /// An `m.sticker`'s content.
    var sticker: StickerContent?
    var relatesTo: RelatesTo?
    /// An edit's replacement content (`m.new_content`).
    var newContent: MessageEventContent?
    /// The event a redaction removes, from room version 11 on.
    var redacts: String?
    /// An in-room verification request's whole content (a message of msgtype
    /// `m.key.verification.request`): its `from_device`, `methods` and `to` are no message's fields.
    /// Only such a message builds it.
    var verificationRequest: JSONValue?
    var isEmpty = false

    init(type: String, from decoder: Decoder) {
        // Content that is not an object (a hostile server's) has nothing tteok reads.
        guard let keyed = try? decoder.container(keyedBy: AnyKey.self) else { return }
        isEmpty = keyed.allKeys.isEmpty
        relatesTo = try? keyed.decodeIfPresent(RelatesTo.self, forKey: AnyKey(stringValue: "m.relates_to"))
        switch type {
        case "m.room.message":
            message = try? MessageEventContent(from: decoder)
            newContent = try? keyed.decodeIfPresent(MessageEventContent.self, forKey: AnyKey(stringValue: "m.new_content"))
            if message?.msgtype == VerificationRequestLine.msgtype { verificationRequest = try? JSONValue(from: decoder) }
        case MatrixCache.stickerType:
            sticker = try? StickerContent(from: decoder)
        case MatrixCache.redactionType:
            redacts = try? keyed.decodeIfPresent(String.self, forKey: AnyKey(stringValue: "redacts"))
        default:
            break
        }
    }

    /// The same fields read from open JSON (events built in code, not decoded from an answer).
    init(type: String, json: JSONValue) {
        if case .object(let fields) = json { isEmpty = fields.isEmpty }
        relatesTo = json["m.relates_to"]?.decode(as: RelatesTo.self)
        switch type {
        case "m.room.message":
            message = json.decode(as: MessageEventContent.self)
            newContent = json["m.new_content"]?.decode(as: MessageEventContent.self)
            if message?.msgtype == VerificationRequestLine.msgtype { verificationRequest = json }
        case MatrixCache.stickerType:
            sticker = json.decode(as: StickerContent.self)
        case MatrixCache.redactionType:
            redacts = json["redacts"]?.stringValue
        default:
            break
        }
    }
}
