/// `GET /sync`: only the parts tteok reads.

struct SyncResponse: Decodable, Sendable {
    var next_batch: String
    var rooms: Rooms?
    var account_data: EventList<AccountDataEvent>?
    /// End-to-end encryption's parts (see `KeyDTOs.swift`).
    var to_device: EventList<ToDeviceDTO>?
    var device_lists: DeviceListsDTO?
    var device_one_time_keys_count: [String: Int]?

    /// Whether the answer carries any of encryption's parts: taken in only after this device's
    /// keys are published (its one-time key count is of the keys published).
    var speaksOfKeys: Bool { to_device != nil || device_lists != nil || device_one_time_keys_count != nil }

    struct Rooms: Decodable, Sendable {
        var join: [String: JoinedRoom]?
        var invite: [String: InvitedRoom]?
        var leave: [String: LeftRoom]?
    }
}

struct EventList<Event: Decodable & Sendable>: Decodable, Sendable {
    var events: [Event]?
}

struct AccountDataEvent: Decodable, Equatable, Sendable {
    var type: String
    var content: JSONValue
}

struct JoinedRoom: Decodable, Sendable {
    var state: EventList<RoomEvent>?
    var timeline: Timeline?
    /// The main timeline's count when the filter asks for per-thread counts, else the room's.
    var unread_notifications: UnreadNotifications?
    /// Each thread's count by its root (MSC3773), when the filter asks; a thread without
    /// notifications is left out.
    var unread_thread_notifications: [String: UnreadNotifications]?
    /// Receipts (`m.receipt`) and typing (`m.typing`).
    var ephemeral: EventList<AccountDataEvent>?
    /// The room's own account data (`m.fully_read`).
    var account_data: EventList<AccountDataEvent>?

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
struct StrippedEvent: Decodable, Equatable, Sendable {
    var type: String
    var sender: String
    var state_key: String?
    var content: JSONValue
}

// Hostile input: every list of events and every map of rooms is decoded element by element, so a
// malformed event or room is dropped and the rest of the answer kept (see `LossyList`). The
// decoders live in extensions so the memberwise initialisers stay for code that builds values.

extension SyncResponse.Rooms {
    enum CodingKeys: String, CodingKey { case join, invite, leave }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        join = try container.decodeIfPresent(LossyDictionary<JoinedRoom>.self, forKey: .join)?.values
        invite = try container.decodeIfPresent(LossyDictionary<InvitedRoom>.self, forKey: .invite)?.values
        leave = try container.decodeIfPresent(LossyDictionary<LeftRoom>.self, forKey: .leave)?.values
    }
}

extension EventList {
    enum CodingKeys: String, CodingKey { case events }

    init(from decoder: Decoder) throws {
        events = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(LossyList<Event>.self, forKey: .events)?.elements
    }
}

extension JoinedRoom {
    enum CodingKeys: String, CodingKey { case state, timeline, unread_notifications, unread_thread_notifications, ephemeral, account_data }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        state = try container.decodeIfPresent(EventList<RoomEvent>.self, forKey: .state)
        timeline = try container.decodeIfPresent(Timeline.self, forKey: .timeline)
        unread_notifications = try container.decodeIfPresent(UnreadNotifications.self, forKey: .unread_notifications)
        // Thread by thread: one malformed count (or a malformed map) costs only itself, never the room.
        unread_thread_notifications = (try? container.decodeIfPresent(LossyDictionary<UnreadNotifications>.self,
                                                                       forKey: .unread_thread_notifications))?.values
        ephemeral = try container.decodeIfPresent(EventList<AccountDataEvent>.self, forKey: .ephemeral)
        account_data = try container.decodeIfPresent(EventList<AccountDataEvent>.self, forKey: .account_data)
    }
}

extension JoinedRoom.Timeline {
    enum CodingKeys: String, CodingKey { case events, limited, prev_batch }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        events = try container.decodeIfPresent(LossyList<RoomEvent>.self, forKey: .events)?.elements
        limited = try? container.decodeIfPresent(Bool.self, forKey: .limited)
        prev_batch = try? container.decodeIfPresent(String.self, forKey: .prev_batch)
    }
}

/// The sync filter: enough timeline for a screen, members lazily, no presence, no per-room
/// account data. Public so the benchmark can time the server on the same request tteok makes.
public enum SyncFilter {
    /// Per-thread counts (`unread_thread_notifications`, MSC3773): each thread's own unread count,
    /// and the room's count for its main timeline alone. Per-room account data (`m.fully_read`,
    /// tags) is left out: tteok reads none of it, and the echo of its own `m.fully_read` woke
    /// the long-poll once more after every read marker (Synapse waits on when a room's entry
    /// would be empty after the filter).
    public static let json = #"{"room":{"timeline":{"limit":50,"unread_thread_notifications":true},"state":{"lazy_load_members":true},"account_data":{"types":[]}},"presence":{"types":[]}}"#
    /// No rooms at all: an initial `/sync` that costs the server next to nothing, for its
    /// position (and the account's data, to-device messages and key counts) after a cold start
    /// filled the rooms by sliding sync. Synapse skips every room's work for `rooms: []`.
    static let positionOnly = #"{"room":{"rooms":[]},"presence":{"types":[]}}"#
    /// For `/messages`: member events of the senders come along in `state`.
    static let messages = #"{"lazy_load_members":true}"#
}
