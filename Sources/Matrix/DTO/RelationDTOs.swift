/// `m.relates_to` and the other parts of an event's content that relate it to another event.

/// `content["m.relates_to"]`: a reply (`m.in_reply_to`), an edit (`m.replace`), a reaction
/// (`m.annotation` with `key`) or a thread reply (`m.thread`, whose `m.in_reply_to` is only a
/// fallback for clients without threads when `is_falling_back` is true).
struct RelatesTo: Decodable, Hashable, Sendable {
    struct InReplyTo: Decodable, Hashable, Sendable { var event_id: String? }

    var rel_type: String?
    var event_id: String?
    var key: String?
    var is_falling_back: Bool?
    var inReplyTo: InReplyTo?

    enum CodingKeys: String, CodingKey {
        case rel_type, event_id, key, is_falling_back
        case inReplyTo = "m.in_reply_to"
    }

    /// The event a reply answers; nil for a thread reply that only carries the fallback.
    var replyTarget: String? {
        if rel_type == RelationType.thread, is_falling_back == true { return nil }
        return inReplyTo?.event_id
    }
}

enum RelationType {
    static let edit = "m.replace"
    static let reaction = "m.annotation"
    static let thread = "m.thread"
}

/// An event's relations as read from its content.
extension RoomEvent {
    var relatesTo: RelatesTo? { content.relatesTo }

    /// The event an `m.room.redaction` removes: in `content` from room version 11, top-level before.
    var redactedEventID: String? { content.timeline?.redacts ?? redacts }

    /// Handed out already redacted by the server (its content is gone).
    var isRedacted: Bool { unsigned?.redacted_because != nil || content.isEmpty }
}
