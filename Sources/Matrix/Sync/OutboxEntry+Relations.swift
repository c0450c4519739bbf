import FoundationEssentials

/// Edits and reactions go through the outbox like posts (issue 17), so they are encrypted in an
/// encrypted room and sent once under one transaction id. The outbox row keeps a message's
/// content; a reaction is kept under a msgtype of tteok's own that never leaves the machine (it is
/// sent as an `m.reaction` with only its `m.relates_to`), so no cache step was needed.
extension OutboxEntry {
    /// The msgtype a reaction is kept under in the outbox.
    static let reactionMsgtype = "net.tteok.outbox.reaction"

    /// A reaction waiting to be sent.
    static func reaction(to event: String, key: String) -> MessageEventContent {
        var content = MessageEventContent(msgtype: reactionMsgtype, body: "")
        content.relatesTo = .object(["rel_type": .string(RelationType.reaction), "event_id": .string(event), "key": .string(key)])
        return content
    }

    /// The event type it is sent as.
    var eventType: String { content.msgtype == Self.reactionMsgtype ? MatrixCache.reactionType : "m.room.message" }

    /// The content as the server gets it.
    var sentContent: OutgoingContent {
        content.msgtype == Self.reactionMsgtype ? .reaction(.object(["m.relates_to": content.relatesTo ?? .null])) : .message(content)
    }

    /// An edit or a reaction: it changes another message, and is no line of the timeline.
    var isRelation: Bool { content.msgtype == Self.reactionMsgtype || content.newContent != nil }

    /// The root of the thread it is a reply in: shown in that thread, not in the room's timeline.
    var threadRoot: String? {
        guard let relation = content.relatesTo?.decode(as: RelatesTo.self), relation.rel_type == RelationType.thread else { return nil }
        return relation.event_id
    }
}

/// What an outbox entry sends: a message's typed content (its numbers stay integers), or a
/// reaction's bare `m.relates_to`.
enum OutgoingContent: Encodable, Sendable {
    case message(MessageEventContent)
    case reaction(JSONValue)

    func encode(to encoder: Encoder) throws {
        switch self {
        case .message(let content): try content.encode(to: encoder)
        case .reaction(let content): try content.encode(to: encoder)
        }
    }

    /// Its relation, copied outside the ciphertext when it is encrypted.
    var relatesTo: JSONValue? {
        switch self {
        case .message(let content): return content.relatesTo
        case .reaction(let content): return content["m.relates_to"]
        }
    }
}
