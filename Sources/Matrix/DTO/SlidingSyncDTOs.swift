import MatrixCrypto

/// Simplified Sliding Sync (MSC4186, `org.matrix.simplified_msc3575`): only the parts tteok asks
/// for and reads. Lists and rooms decode element by element, as `/sync` answers do.

struct SlidingSyncRequest: Encodable, Sendable {
    var lists: [String: List]
    var extensions = Extensions()

    /// Receipts (the badge rule reads the account's own) and account data (`m.direct`, ignored
    /// users, tteok's profile, `m.fully_read`), as `/sync` carries them.
    struct Extensions: Encodable, Sendable {
        var receipts = Enabled()
        var account_data = Enabled()
    }

    struct Enabled: Encodable, Sendable {
        var enabled = true
    }

    struct List: Encodable, Sendable {
        var ranges: [[Int]]
        var timeline_limit: Int
        var required_state: [[String]]
    }
}

extension SlidingSyncRequest {
    /// The request as JSON, built by hand rather than by JSONEncoder: the window is the first
    /// request of a cold start, and JSONEncoder's first use (its metadata) delayed its departure.
    var json: CryptoJSON {
        let lists = lists.mapValues { list -> CryptoJSON in
            .object(["ranges": .array(list.ranges.map { .array($0.map { .integer(Int64($0)) }) }),
                     "timeline_limit": .integer(Int64(list.timeline_limit)),
                     "required_state": .array(list.required_state.map { .array($0.map(CryptoJSON.string)) })])
        }
        return .object(["lists": .object(lists),
                        "extensions": .object(["receipts": .object(["enabled": .bool(extensions.receipts.enabled)]),
                                               "account_data": .object(["enabled": .bool(extensions.account_data.enabled)])])])
    }
}

struct SlidingSyncResponse: Decodable, Equatable, Sendable {
    var pos: String
    var lists: [String: ListCount]?
    var rooms: LossyDictionary<SlidingRoom>?
    var extensions: Extensions?

    struct Extensions: Decodable, Equatable, Sendable {
        var receipts: Receipts?
        var account_data: AccountData?
    }

    /// Each room's `m.receipt` event.
    struct Receipts: Decodable, Equatable, Sendable {
        var rooms: LossyDictionary<AccountDataEvent>?
    }

    struct AccountData: Decodable, Equatable, Sendable {
        var global: [AccountDataEvent]?
        var rooms: LossyDictionary<[AccountDataEvent]>?
    }

    struct ListCount: Decodable, Equatable, Sendable {
        var count: Int?
    }
}

/// One room of a sliding-sync answer.
struct SlidingRoom: Decodable, Equatable, Sendable {
    var required_state: [RoomEvent]?
    var timeline: [RoomEvent]?
    var limited: Bool?
    var prev_batch: String?
    /// Present for an invitation instead of the state and timeline of a joined room.
    var invite_state: [StrippedEvent]?

    enum CodingKeys: String, CodingKey {
        case required_state, timeline, limited, prev_batch, invite_state
    }

    init() {}

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        required_state = try container.decodeIfPresent(LossyList<RoomEvent>.self, forKey: .required_state)?.elements
        timeline = try container.decodeIfPresent(LossyList<RoomEvent>.self, forKey: .timeline)?.elements
        limited = try? container.decodeIfPresent(Bool.self, forKey: .limited)
        prev_batch = try? container.decodeIfPresent(String.self, forKey: .prev_batch)
        invite_state = try container.decodeIfPresent(LossyList<StrippedEvent>.self, forKey: .invite_state)?.elements
    }
}
