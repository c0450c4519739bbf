/// `GET /sync`: only the parts tteok reads.

struct SyncResponse: Decodable, Sendable {
    var next_batch: String
    var rooms: Rooms?
    var account_data: EventList<AccountDataEvent>?
    /// End-to-end encryption's parts (see `KeyDTOs.swift`).
    var to_device: EventList<ToDeviceDTO>?
    var device_lists: DeviceListsDTO?
    var device_one_time_keys_count: [String: Int]?

    struct Rooms: Decodable, Sendable {
        var join: [String: JoinedRoom]?
        var invite: [String: InvitedRoom]?
        var leave: [String: LeftRoom]?
    }
}

struct EventList<Event: Decodable & Sendable>: Decodable, Sendable {
    var events: [Event]?
}

struct AccountDataEvent: Decodable, Sendable {
    var type: String
    var content: JSONValue
}

struct JoinedRoom: Decodable, Sendable {
    var state: EventList<RoomEvent>?
    var timeline: Timeline?
    var unread_notifications: UnreadNotifications?
    var ephemeral: EventList<AccountDataEvent>?

    struct Timeline: Decodable, Sendable {
        var events: [RoomEvent]?
        var limited: Bool?
        var prev_batch: String?
    }

    struct UnreadNotifications: Decodable, Sendable {
        var notification_count: Int?
    }
}

struct InvitedRoom: Decodable, Sendable {
    var invite_state: EventList<StrippedEvent>?
}

struct LeftRoom: Decodable, Sendable {}

/// Invite state carries events without ids or timestamps.
struct StrippedEvent: Decodable, Sendable {
    var type: String
    var sender: String
    var state_key: String?
    var content: JSONValue
}

/// The sync filter: enough timeline for a screen, members lazily, no presence.
enum SyncFilter {
    static let json = #"{"room":{"timeline":{"limit":50},"state":{"lazy_load_members":true}},"presence":{"types":[]}}"#
    /// For `/messages`: member events of the senders come along in `state`.
    static let messages = #"{"lazy_load_members":true}"#
}
