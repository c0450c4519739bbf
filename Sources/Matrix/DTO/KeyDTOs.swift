import MatrixCrypto

/// End-to-end encryption on the wire: `/sync`'s to-device events and device lists, and
/// `/keys/upload` and `/keys/query`. Key objects stay `CryptoJSON`: they are signed, so the
/// crypto module reads them whole.

struct ToDeviceDTO: Decodable, Sendable {
    var type: String
    var sender: String
    var content: CryptoJSON
}

struct DeviceListsDTO: Decodable, Sendable {
    var changed: [String]?
    var left: [String]?
}

struct KeysUploadRequest: Encodable, Sendable {
    var device_keys: CryptoJSON?
    var one_time_keys: [String: CryptoJSON]?
}

struct KeysUploadResponse: Decodable, Sendable {
    var one_time_key_counts: [String: Int]?
}

struct KeysQueryRequest: Encodable, Sendable {
    /// user → device ids (empty: all of them).
    var device_keys: [String: [String]]
    var timeout: Int = 10_000
}

struct KeysQueryResponse: Decodable, Sendable {
    /// user → device id → `device_keys` object.
    var device_keys: [String: [String: CryptoJSON]]?
    /// user → cross-signing key object (`user_signing_keys` only for the asking user).
    var master_keys: [String: CryptoJSON]?
    var self_signing_keys: [String: CryptoJSON]?
    var user_signing_keys: [String: CryptoJSON]?
}

struct KeysClaimRequest: Encodable, Sendable {
    /// user → device → algorithm (`signed_curve25519`).
    var one_time_keys: [String: [String: String]]
    var timeout: Int = 10_000
}

struct KeysClaimResponse: Decodable, Sendable {
    /// user → device → key id → signed key object.
    var one_time_keys: [String: [String: [String: CryptoJSON]]]?
}

struct ToDeviceRequest: Encodable, Sendable {
    /// user → device → content.
    var messages: [String: [String: CryptoJSON]]
}

/// `GET /rooms/{id}/members`: the members' current `m.room.member` events.
struct MembersResponse: Decodable, Sendable {
    var chunk: [RoomEvent]
}
