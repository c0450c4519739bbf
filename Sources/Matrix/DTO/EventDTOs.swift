/// Room events and the typed views of the contents tteok reads.

/// A room event as `/sync` and `/messages` deliver it. State events carry `state_key`.
struct RoomEvent: Decodable, Hashable, Sendable {
    struct Unsigned: Codable, Hashable, Sendable {
        var transaction_id: String?
        /// Present when the server hands out an event already redacted.
        var redacted_because: JSONValue?
        /// A state event's previous content (a membership change is read against it).
        var prev_content: JSONValue?
    }
    var event_id: String?
    var type: String
    var sender: String
    var origin_server_ts: Int64?
    /// Typed for timeline events, open JSON for the rest (`EventContent`).
    var content: EventContent
    var state_key: String?
    var unsigned: Unsigned?
    /// The redacted event of an `m.room.redaction` in room versions before 11 (from 11 on it is
    /// in `content`).
    var redacts: String?

    init(event_id: String?, type: String, sender: String, origin_server_ts: Int64?, content: JSONValue,
         state_key: String? = nil, unsigned: Unsigned? = nil, redacts: String? = nil) {
        self.event_id = event_id
        self.type = type
        self.sender = sender
        self.origin_server_ts = origin_server_ts
        self.content = EventContent(type: type, json: content)
        self.state_key = state_key
        self.unsigned = unsigned
        self.redacts = redacts
    }

    enum CodingKeys: String, CodingKey { case event_id, type, sender, origin_server_ts, content, state_key, unsigned, redacts }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        event_id = try container.decodeIfPresent(String.self, forKey: .event_id)
        type = try container.decode(String.self, forKey: .type)
        sender = try container.decode(String.self, forKey: .sender)
        origin_server_ts = try container.decodeIfPresent(Int64.self, forKey: .origin_server_ts)
        guard container.contains(.content) else {
            throw DecodingError.keyNotFound(CodingKeys.content, .init(codingPath: container.codingPath, debugDescription: "no content"))
        }
        // The type decides how the content is read: the timeline's own events straight into their fields.
        content = try EventContent(type: type, from: try container.superDecoder(forKey: .content))
        state_key = try container.decodeIfPresent(String.self, forKey: .state_key)
        unsigned = try container.decodeIfPresent(Unsigned.self, forKey: .unsigned)
        redacts = try container.decodeIfPresent(String.self, forKey: .redacts)
    }
}

/// `m.room.message` content (text, attachments, places), and an `m.sticker`'s as the cache keeps it.
struct MessageEventContent: Codable, Hashable, Sendable {
    struct Info: Codable, Hashable, Sendable {
        var mimetype: String?
        var size: Int?
        var w: Int?
        var h: Int?
    }
    var msgtype: String
    var body: String
    var url: String?
    var info: Info?
    /// An `m.location`'s place (`geo:LAT,LON`); the cache keeps it in the `url` column.
    var geoURI: String? = nil
    /// `org.matrix.custom.html` when `formattedBody` holds the body as HTML.
    var format: String? = nil
    var formattedBody: String? = nil
    /// Sent with a reply or an edit (read from incoming events through `RoomEvent.relatesTo`).
    var relatesTo: JSONValue? = nil
    /// An edit's replacement content.
    var newContent: JSONValue? = nil
    /// An attachment in an encrypted room: its mxc URI and secrets (`EncryptedFile`) instead of
    /// `url`. Kept as JSON and read by `EncryptedMedia`, so a malformed one never hides the message.
    var file: JSONValue? = nil
    /// An attachment's name when its `body` is a caption (spec v1.10).
    var filename: String? = nil
    /// Whom the message addresses (`{"user_ids": […]}`, spec v1.7's intentional mentions): what
    /// other clients notify on. Kept as JSON, so a malformed one never hides the message.
    var mentions: JSONValue? = nil

    enum CodingKeys: String, CodingKey {
        case msgtype, body, url, info, file, filename
        case mentions = "m.mentions"
        case geoURI = "geo_uri"
        case format
        case formattedBody = "formatted_body"
        case relatesTo = "m.relates_to"
        case newContent = "m.new_content"
    }
}

extension MessageEventContent {
    static let htmlFormat = "org.matrix.custom.html"

    /// The body as HTML, when it is formatted in the one format Matrix defines.
    var html: String? { format == Self.htmlFormat ? formattedBody : nil }

    /// Where the attachment's bytes are: `url`, or an encrypted file's reference (`EncryptedMedia`).
    var mediaReference: String? { url ?? EncryptedMedia.reference(file) }
}

/// `m.sticker` content: a picture with no msgtype.
struct StickerContent: Decodable, Hashable, Sendable {
    var body: String?
    var url: String?
    var info: MessageEventContent.Info?
    /// A sticker in an encrypted room (as `MessageEventContent.file`).
    var file: JSONValue?
}

struct MemberContent: Decodable, Sendable {
    var membership: String
    var displayname: String?
    var is_direct: Bool?
}

struct NameContent: Decodable, Sendable { var name: String? }
struct TopicContent: Decodable, Sendable { var topic: String? }
struct CanonicalAliasContent: Decodable, Sendable { var alias: String? }

struct PowerLevelsContent: Codable, Hashable, Sendable {
    var users: [String: Int]?
    var users_default: Int?
    var events: [String: Int]?
    var events_default: Int?
    var redact: Int?

    /// May `user` send `m.room.message` here?
    func canSendMessages(_ user: String) -> Bool {
        let level = users?[user] ?? users_default ?? 0
        let needed = events?["m.room.message"] ?? events_default ?? 0
        return level >= needed
    }

    /// May `user` delete other people's events here (the `redact` level, 50 by default)?
    func canRedactOthers(_ user: String) -> Bool {
        (users?[user] ?? users_default ?? 0) >= (redact ?? 50)
    }
}

/// `m.ignored_user_list`: only the object form ignores anyone.
struct IgnoredUsersContent: Codable, Sendable {
    struct Entry: Codable, Sendable {}
    var ignored_users: [String: Entry]
}

/// tteok's own account data (`net.tteok.profile`): the member's region and terms consent.
struct TteokProfileContent: Codable, Hashable, Sendable {
    static let type = "net.tteok.profile"
    var region: String?
    var accepted_terms_version: Int?
}
