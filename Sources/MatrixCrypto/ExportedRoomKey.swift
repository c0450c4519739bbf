import FoundationEssentials

/// A Megolm room key as it leaves this device and comes back: one session of the standard key
/// export file, or of a server-side key backup (where the room id is in the path instead).
/// `sessionKey` is the session exported at its first known index (libolm's export format).
public struct ExportedRoomKey: Hashable, Sendable, CustomStringConvertible {
    public let roomID: String
    public let sessionID: String
    /// The curve25519 key of the device that made the session.
    public let senderKey: String
    /// The ed25519 key that device claimed when it shared the session.
    public let claimedEd25519: String?
    public let sessionKey: String
    /// The curve25519 keys of the devices the key was forwarded through (empty: straight from its sender).
    public let forwardingChain: [String]

    public init(roomID: String, sessionID: String, senderKey: String, claimedEd25519: String?, sessionKey: String, forwardingChain: [String] = []) {
        self.roomID = roomID
        self.sessionID = sessionID
        self.senderKey = senderKey
        self.claimedEd25519 = claimedEd25519
        self.sessionKey = sessionKey
        self.forwardingChain = forwardingChain
    }

    /// From one entry of an export file, or — with `room` — of a backup (`session_data` decrypted).
    /// Nil when it is not a Megolm session with every field.
    public init?(_ json: CryptoJSON, room: String? = nil, sessionID: String? = nil) {
        guard json["algorithm"]?.string == OlmMachine.megolmAlgorithm,
              let roomID = room ?? json["room_id"]?.string, let sessionID = sessionID ?? json["session_id"]?.string,
              let senderKey = json["sender_key"]?.string, let sessionKey = json["session_key"]?.string else { return nil }
        let chain: [String]
        if case .array(let items)? = json["forwarding_curve25519_key_chain"] { chain = items.compactMap(\.string) } else { chain = [] }
        self.init(roomID: roomID, sessionID: sessionID, senderKey: senderKey, claimedEd25519: json["sender_claimed_keys"]?["ed25519"]?.string,
                  sessionKey: sessionKey, forwardingChain: chain)
    }

    /// The entry of an export file (with `room_id` and `session_id`); without them, a backup's `session_data`.
    public func json(withIDs: Bool = true) -> CryptoJSON {
        var object: [String: CryptoJSON] = [
            "algorithm": .string(OlmMachine.megolmAlgorithm), "sender_key": .string(senderKey), "session_key": .string(sessionKey),
            "sender_claimed_keys": .object(claimedEd25519.map { ["ed25519": .string($0)] } ?? [:]),
            "forwarding_curve25519_key_chain": .array(forwardingChain.map(CryptoJSON.string)),
        ]
        if withIDs {
            object["room_id"] = .string(roomID)
            object["session_id"] = .string(sessionID)
        }
        return .object(object)
    }

    /// Without the key: safe to print.
    public var description: String { "room key \(sessionID) in \(roomID) from \(senderKey)" }
}

/// What an import (a file or a backup) did with each key it held.
public struct RoomKeyImport: Hashable, Sendable {
    /// Stored: new, or reaching further back than the copy held.
    public var imported = 0
    /// Already held as well or better.
    public var alreadyHeld = 0
    /// Refused, with why (a key that does not match its session id, or that names another room
    /// or sender than the session held under its id).
    public var refused: [String] = []
    /// The sessions stored, so their placeholders can be decrypted in place.
    public var sessions: [String] = []

    public init() {}
}
