/// Rooms: the directory, joining, creating, sending, history, reports, profiles.

struct PublicRoomsResponse: Decodable, Sendable {
    var chunk: [PublicRoom]
    var next_batch: String?
}

struct PublicRoom: Decodable, Sendable {
    var room_id: String
    var name: String?
    var topic: String?
    var canonical_alias: String?
    var num_joined_members: Int?
    var world_readable: Bool
    var guest_can_join: Bool
    /// `m.space` for a space (spec v1.4); absent for an ordinary room.
    var room_type: String?
}

struct JoinedRoomsResponse: Decodable, Sendable {
    var joined_rooms: [String]
}

struct RoomIDResponse: Decodable, Sendable {
    var room_id: String
}

struct CreateRoomRequest: Encodable, Sendable {
    var preset: String?
    var visibility: String?
    var name: String?
    var topic: String?
    var room_alias_name: String?
    var invite: [String]?
    var is_direct: Bool?
    var initial_state: [InitialStateEvent]?
}

/// A state event a room is created with (`createRoom`'s `initial_state`).
struct InitialStateEvent: Encodable, Sendable {
    var type: String
    var state_key = ""
    var content: JSONValue

    /// Megolm encryption from the room's first event, as Element creates direct conversations.
    static let megolmEncryption = InitialStateEvent(type: "m.room.encryption", content: .object(["algorithm": .string("m.megolm.v1.aes-sha2")]))
}

struct EventIDResponse: Decodable, Sendable {
    var event_id: String
}

/// `GET /rooms/{id}/messages`: `end` is absent when there is nothing further.
struct MessagesResponse: Decodable, Sendable {
    var chunk: [RoomEvent]
    var start: String?
    var end: String?
    /// Member events of the senders (lazy-loading filter), for display names.
    var state: [RoomEvent]?
    /// Where `/relations` goes on (older relations); absent on the last page.
    var next_batch: String?
}

/// `POST /rooms/{id}/read_markers`.
/// `PUT /rooms/{id}/typing/{user}`: `timeout` (ms) only with a start.
struct TypingRequest: Encodable, Sendable {
    var typing: Bool
    var timeout: Int?
}

struct ReadMarkersRequest: Encodable, Sendable {
    var fullyRead: String
    /// The room's receipt without a thread; nil when the main timeline's went apart.
    var read: String?

    enum CodingKeys: String, CodingKey {
        case fullyRead = "m.fully_read"
        case read = "m.read"
    }
}

struct ReportRequest: Encodable, Sendable {
    var reason: String
}

struct ProfileResponse: Decodable, Sendable {
    var displayname: String?
}

struct DisplayNameRequest: Encodable, Sendable {
    var displayname: String
}

struct UserDirectoryRequest: Encodable, Sendable {
    var search_term: String
    var limit: Int
}

struct UserDirectoryResponse: Decodable, Sendable {
    struct User: Decodable, Sendable {
        var user_id: String
        var display_name: String?
    }
    var results: [User]
    var limited: Bool
}

struct MediaUploadResponse: Decodable, Sendable {
    var content_uri: String
}
