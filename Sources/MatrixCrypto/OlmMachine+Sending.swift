import FoundationEssentials
import Storage

/// Sending: Olm sessions started from claimed one-time keys, a Megolm outbound session per room
/// (rotated by count, age and by who may read) whose key goes to each device by Olm, and the
/// Megolm encryption of room events.
extension OlmMachine {
    public func devicesWithoutOlmSession(_ devices: [DeviceKeys]) throws -> [DeviceKeys] {
        try database.readSync { connection in
            try devices.filter { try connection.scalar("SELECT 1 FROM olm_sessions WHERE sender_key = ? LIMIT 1", [.text($0.curve25519)]).int64 == nil }
        }
    }

    public func startOlmSessions(_ claimed: [DeviceKeys: CryptoJSON]) throws -> [DeviceKeys] {
        try database.writeSync { connection in
            var started: [DeviceKeys] = []
            for (device, key) in claimed.sorted(by: { $0.key.deviceID < $1.key.deviceID }) {
                // The one-time key must be signed by the device itself, or the server could slip in its own.
                guard let oneTimeKey = key["key"]?.string,
                      SignedJSON.verify(key, user: device.userID, keyID: "ed25519:\(device.deviceID)", key: device.ed25519) else { continue }
                let session = try OlmSessionHandle.outbound(account: account, identityKey: device.curve25519, oneTimeKey: oneTimeKey)
                try store(session, senderKey: device.curve25519, in: connection)
                started.append(device)
            }
            return started
        }
    }

    public func roomKeyShare(room: String, devices: [DeviceKeys], rotation: RotationPolicy) throws -> RoomKeyShare {
        try database.writeSync { connection in
            let outbound = try currentOutbound(room: room, devices: devices, rotation: rotation, in: connection)
            let sessionKey = try outbound.session.sessionKey()
            var messages: [DeviceKeys: CryptoJSON] = [:], unreachable: [DeviceKeys] = []
            for device in devices where !outbound.sharedWith.contains(device.userID + "|" + device.deviceID) {
                let roomKey: CryptoJSON = .object([
                    "algorithm": .string(Self.megolmAlgorithm), "room_id": .string(room),
                    "session_id": .string(outbound.session.id), "session_key": .string(sessionKey),
                ])
                if let message = try olmEncrypt(type: "m.room_key", content: roomKey, for: device, in: connection) {
                    messages[device] = message
                } else {
                    unreachable.append(device)
                }
            }
            return RoomKeyShare(room: room, sessionID: outbound.session.id, messages: messages, unreachable: unreachable)
        }
    }

    public func markShared(_ share: RoomKeyShare) throws {
        try database.writeSync { connection in
            for device in share.messages.keys {
                _ = try connection.run("INSERT OR IGNORE INTO outbound_shares (room_id, session_id, user_id, device_id) VALUES (?, ?, ?, ?)",
                                       [.text(share.room), .text(share.sessionID), .text(device.userID), .text(device.deviceID)])
            }
        }
    }

    public func encrypt(room: String, type: String, content: CryptoJSON) throws -> CryptoJSON {
        try database.writeSync { connection in
            guard let row = try connection.queryRow("SELECT pickle FROM outbound_group_sessions WHERE room_id = ?", [.text(room)]),
                  let pickle = row["pickle"].string else { throw Refusal("no outbound session for \(room): share its key first") }
            let session = try MegolmOutboundHandle.unpickle(pickle, key: pickleKey)
            // Not canonical JSON: nothing signs it, and message content may hold numbers canonical JSON refuses.
            let plaintext = try JSONEncoder().encode(CryptoJSON.object(["type": .string(type), "content": content, "room_id": .string(room)]))
            let ciphertext = try session.encrypt(plaintext)
            _ = try connection.run("UPDATE outbound_group_sessions SET pickle = ?, messages = messages + 1 WHERE room_id = ?",
                                   [.text(try session.pickle(key: pickleKey)), .text(room)])
            return .object([
                "algorithm": .string(Self.megolmAlgorithm), "sender_key": .string(identity.curve25519),
                "device_id": .string(identity.deviceID), "session_id": .string(session.id), "ciphertext": .string(ciphertext),
            ])
        }
    }

    // MARK: Outbound session

    private struct Outbound {
        let session: MegolmOutboundHandle
        /// `user|device` of the devices that have its key.
        let sharedWith: Set<String>
    }

    /// The room's session, replaced when used up or when someone who has its key may no longer read.
    private func currentOutbound(room: String, devices: [DeviceKeys], rotation: RotationPolicy, in connection: Connection) throws -> Outbound {
        if let row = try connection.queryRow("SELECT * FROM outbound_group_sessions WHERE room_id = ?", [.text(room)]),
           let pickle = row["pickle"].string, let sessionID = row["session_id"].string {
            let shared = Set(try connection.query("SELECT user_id, device_id FROM outbound_shares WHERE room_id = ? AND session_id = ?",
                                                  [.text(room), .text(sessionID)]).map { "\($0["user_id"].string ?? "")|\($0["device_id"].string ?? "")" })
            let current = Set(devices.map { $0.userID + "|" + $0.deviceID })
            let age = Self.now - (row["created"].int64 ?? 0)
            if (row["messages"].int64 ?? 0) < rotation.periodMessages, age < rotation.periodMilliseconds, shared.isSubset(of: current) {
                return Outbound(session: try MegolmOutboundHandle.unpickle(pickle, key: pickleKey), sharedWith: shared)
            }
        }
        return Outbound(session: try newOutbound(room: room, in: connection), sharedWith: [])
    }

    /// A fresh session for `room`; this device keeps the inbound half, so it reads its own messages.
    private func newOutbound(room: String, in connection: Connection) throws -> MegolmOutboundHandle {
        let session = try MegolmOutboundHandle.create()
        let inbound = try MegolmInboundHandle.create(sessionKey: try session.sessionKey())
        _ = try connection.run("DELETE FROM outbound_shares WHERE room_id = ?", [.text(room)])
        _ = try connection.run("""
            INSERT OR REPLACE INTO outbound_group_sessions (room_id, pickle, created, session_id, messages) VALUES (?, ?, ?, ?, 0)
            """, [.text(room), .text(try session.pickle(key: pickleKey)), .integer(Self.now), .text(session.id)])
        try storeInbound(HeldInboundSession(session: inbound, sessionID: session.id, senderKey: identity.curve25519, room: room,
                                            sender: identity.userID, claimedEd25519: identity.ed25519), in: connection)
        return session
    }

    static var now: Int64 { Int64(Date().timeIntervalSince1970 * 1000) }

    // MARK: Olm

    /// `content` of `type` Olm-encrypted for `device` (the to-device `m.room.encrypted` content),
    /// with the sender, recipient and keys the receiver checks; nil without an Olm session.
    func olmEncrypt(type: String, content: CryptoJSON, for device: DeviceKeys, in connection: Connection) throws -> CryptoJSON? {
        guard let row = try connection.queryRow("SELECT pickle FROM olm_sessions WHERE sender_key = ? ORDER BY last_used DESC LIMIT 1",
                                                [.text(device.curve25519)]),
              let pickle = row["pickle"].string else { return nil }
        let session = try OlmSessionHandle.unpickle(pickle, key: pickleKey)
        let plaintext = try CanonicalJSON.data(.object([
            "type": .string(type), "content": content,
            "sender": .string(identity.userID), "sender_device": .string(identity.deviceID),
            "keys": .object(["ed25519": .string(identity.ed25519)]),
            "recipient": .string(device.userID), "recipient_keys": .object(["ed25519": .string(device.ed25519)]),
        ]))
        let (messageType, body) = try session.encrypt(plaintext)
        try store(session, senderKey: device.curve25519, in: connection)
        return .object([
            "algorithm": .string(Self.olmAlgorithm), "sender_key": .string(identity.curve25519),
            "ciphertext": .object([device.curve25519: .object(["type": .integer(Int64(messageType.rawValue)), "body": .string(body)])]),
        ])
    }
}
