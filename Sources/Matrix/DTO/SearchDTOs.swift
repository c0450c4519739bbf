/// `POST /_matrix/client/v3/search` with the `room_events` category only.
struct SearchRequest: Codable, Sendable {
    struct Categories: Codable, Sendable { var room_events: RoomEvents }
    struct RoomEvents: Codable, Sendable {
        var search_term: String
        var keys = ["content.body"]
        var order_by = "recent"
        var filter: Filter
    }
    struct Filter: Codable, Sendable {
        var rooms: [String]
        var limit: Int
    }
    var search_categories: Categories

    init(term: String, rooms: [String], limit: Int) {
        search_categories = Categories(room_events: RoomEvents(search_term: term, filter: Filter(rooms: rooms, limit: limit)))
    }
}

struct SearchResponse: Codable, Sendable {
    struct Categories: Codable, Sendable { var room_events: RoomEvents? }
    struct RoomEvents: Codable, Sendable {
        var results: [Result]?
        var next_batch: String?
    }
    struct Result: Codable, Sendable { var result: Event }
    /// A result event: a timeline event with its room.
    struct Event: Codable, Sendable {
        var event_id: String?
        var room_id: String?
        var type: String
        var sender: String
        var origin_server_ts: Int64?
        var content: JSONValue
    }
    var search_categories: Categories
}
