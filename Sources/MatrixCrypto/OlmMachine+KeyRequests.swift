import FoundationEssentials
import Storage

/// Room keys between this person's own devices (`m.room_key_request`, `m.forwarded_room_key`):
/// a device that cannot read a message asks the person's other devices; one that holds the key
/// forwards it, Olm-encrypted, but only to a device of the same person that is verified (by emoji
/// or by their self-signing key) — and a forwarded key is taken only when it was asked for and
/// comes from such a device.
extension OlmMachine {
    static let keyRequestType = "m.room_key_request"
    static let forwardedKeyType = "m.forwarded_room_key"

    /// The `m.room_key_request` contents to send to this person's devices for the sessions of
    /// `missing` not asked for yet (each session is asked once until its key arrives).
    public func keyRequests(for missing: [MissingRoomKey]) throws -> [CryptoJSON] {
        try database.writeSync { connection in
            var requests: [CryptoJSON] = []
            for key in Set(missing).sorted(by: { $0.sessionID < $1.sessionID }) {
                let known: [SQLValue] = [.text(key.sessionID), .text(key.senderKey)]
                let asked = try connection.queryRow("SELECT 1 AS asked FROM key_requests WHERE session_id = ? AND sender_key = ?", known) != nil
                let held = try connection.queryRow("SELECT 1 AS held FROM inbound_group_sessions WHERE session_id = ? AND sender_key = ?", known) != nil
                guard !asked, !held else { continue }
                let id = UUID().uuidString
                _ = try connection.run("INSERT INTO key_requests (session_id, sender_key, room_id, request_id) VALUES (?, ?, ?, ?)",
                                       known + [.text(key.room), .text(id)])
                requests.append(keyRequest(id: id, key))
            }
            return requests
        }
    }

    /// Every request not answered yet, to send again (after this device became verified: the
    /// other devices refused it before).
    public func outstandingKeyRequests() throws -> [CryptoJSON] {
        let rows = try database.readSync { try $0.query("SELECT session_id, sender_key, room_id, request_id FROM key_requests ORDER BY rowid") }
        return rows.compactMap { row in
            guard let session = row["session_id"].string, let senderKey = row["sender_key"].string, let room = row["room_id"].string,
                  let id = row["request_id"].string else { return nil }
            return keyRequest(id: id, MissingRoomKey(room: room, sessionID: session, senderKey: senderKey))
        }
    }

    private func keyRequest(id: String, _ key: MissingRoomKey) -> CryptoJSON {
        .object([
            "action": .string("request"), "request_id": .string(id), "requesting_device_id": .string(identity.deviceID),
            "body": .object(["algorithm": .string(Self.megolmAlgorithm), "room_id": .string(key.room),
                             "sender_key": .string(key.senderKey), "session_id": .string(key.sessionID)]),
        ])
    }

    /// The cancellations of the requests for `sessions`, whose keys arrived (the other devices
    /// stop answering); the requests are forgotten.
    public func keyRequestCancellations(sessions: [String]) throws -> [CryptoJSON] {
        try database.writeSync { connection in
            var cancellations: [CryptoJSON] = []
            for session in Set(sessions).sorted() {
                for row in try connection.query("SELECT request_id FROM key_requests WHERE session_id = ?", [.text(session)]) {
                    guard let id = row["request_id"].string else { continue }
                    cancellations.append(.object(["action": .string("request_cancellation"), "request_id": .string(id),
                                                  "requesting_device_id": .string(identity.deviceID)]))
                }
                _ = try connection.run("DELETE FROM key_requests WHERE session_id = ?", [.text(session)])
            }
            return cancellations
        }
    }

    /// An `m.room_key_request`: answered with the key (to forward, Olm-encrypted, to the asking
    /// device) only when another device of this person asks, that device is verified, and the
    /// key of that room's session is held; anything else is ignored, with why.
    func answerKeyRequest(_ event: ToDeviceEvent) -> ToDeviceOutcome {
        let content = event.content
        guard content["action"]?.string == "request" else { return .ignored("a key request cancellation") }
        guard event.sender == identity.userID, let deviceID = content["requesting_device_id"]?.string, deviceID != identity.deviceID else {
            return .ignored("a key request from someone else than this person's other devices")
        }
        guard let body = content["body"], body["algorithm"]?.string == Self.megolmAlgorithm, let room = body["room_id"]?.string,
              let sessionID = body["session_id"]?.string, let senderKey = body["sender_key"]?.string else {
            return .ignored("a key request without its fields")
        }
        do {
            guard let device = try devices(of: identity.userID).first(where: { $0.deviceID == deviceID }),
                  try trust(ofSender: identity.userID, senderKey: device.curve25519) == .verified else {
                return .ignored("a key request from device \(deviceID), which is not verified")
            }
            let key = try database.writeSync { connection -> ExportedRoomKey? in
                guard let held = try heldInbound(sessionID, senderKey: senderKey, in: connection), held.room == room else { return nil }
                return try exported(held)
            }
            guard let key else { return .ignored("a key request for a session not held") }
            var forwarded = key.json(withIDs: true).object ?? [:]
            forwarded["algorithm"] = .string(Self.megolmAlgorithm)
            forwarded["sender_claimed_ed25519_key"] = key.claimedEd25519.map(CryptoJSON.string)
            return .forward(RoomKeyForward(device: device, content: .object(forwarded)))
        } catch {
            return .ignored("a key request not answered: \(error)")
        }
    }

    /// `content` of `type` Olm-encrypted for `device` (the to-device `m.room.encrypted` content);
    /// nil without an Olm session with it.
    public func encryptForDevice(type: String, content: CryptoJSON, device: DeviceKeys) throws -> CryptoJSON? {
        try database.writeSync { try olmEncrypt(type: type, content: content, for: device, in: $0) }
    }

    /// An `m.forwarded_room_key` (already Olm-decrypted, its sending device's curve25519 key in
    /// `sender_key`): stored only when this device asked for that session and the forwarding
    /// device is one of this person's verified devices.
    func receiveForwardedKey(_ plaintext: CryptoJSON, from event: ToDeviceEvent) throws -> ToDeviceOutcome {
        guard event.sender == identity.userID, let forwarder = plaintext["sender_key"]?.string,
              try trust(ofSender: identity.userID, senderKey: forwarder) == .verified else {
            throw Refusal("a forwarded room key from a device that is not this person's verified device")
        }
        let content = plaintext["content"]
        guard content?["algorithm"]?.string == Self.megolmAlgorithm, let room = content?["room_id"]?.string,
              let sessionID = content?["session_id"]?.string, let senderKey = content?["sender_key"]?.string,
              let sessionKey = content?["session_key"]?.string else { throw Refusal("a forwarded room key without its fields") }
        let asked = try database.readSync {
            try $0.queryRow("SELECT room_id FROM key_requests WHERE session_id = ? AND sender_key = ?", [.text(sessionID), .text(senderKey)])
        }
        guard let asked, asked["room_id"].string == room else { throw Refusal("a forwarded room key nobody asked for") }
        let session = try MegolmInboundHandle.importing(exportedKey: sessionKey)
        guard session.id == sessionID else { throw Refusal("the forwarded key's session id is not the one it names") }
        let held = HeldInboundSession(session: session, sessionID: sessionID, senderKey: senderKey, room: room, sender: "",
                                      claimedEd25519: content?["sender_claimed_ed25519_key"]?.string)
        do {
            try database.writeSync { try storeInbound(held, in: $0) }
        } catch InboundRefusal.notBetter {
        }
        return .roomKey(room: room, sessionID: sessionID)
    }
}

/// A Megolm session whose key this device lacks: what a key request names.
public struct MissingRoomKey: Hashable, Sendable {
    public let room: String
    public let sessionID: String
    public let senderKey: String

    public init(room: String, sessionID: String, senderKey: String) {
        self.room = room
        self.sessionID = sessionID
        self.senderKey = senderKey
    }
}

/// A room key to forward to another device of this person (`m.forwarded_room_key`).
public struct RoomKeyForward: Hashable, Sendable {
    public let device: DeviceKeys
    public let content: CryptoJSON
}
