import Foundation
@testable import MatrixCrypto

/// Another device in tests: an Olm account that starts a session with a receiving machine from
/// one of its one-time keys, and a Megolm session it shares and encrypts with — what nio or
/// Element do, through libolm directly.
final class PeerDevice {
    let user: String
    let deviceID: String
    let account: OlmAccountHandle
    let keys: (curve25519: String, ed25519: String)
    private var olm: OlmSessionHandle?
    let megolm: MegolmOutboundHandle
    /// The session's key at index 0, taken before any message (as a sender shares it first).
    let sessionKey: String

    init(user: String = "@peer:localhost", deviceID: String = "PEERDEV") throws {
        self.user = user
        self.deviceID = deviceID
        account = try OlmAccountHandle.create()
        keys = try account.identityKeys()
        megolm = try MegolmOutboundHandle.create()
        sessionKey = try megolm.sessionKey()
    }

    /// This device's published `device_keys`, self-signed.
    func deviceKeys() throws -> CryptoJSON {
        let object: CryptoJSON = .object([
            "user_id": .string(user), "device_id": .string(deviceID),
            "algorithms": .array([.string(OlmMachine.olmAlgorithm), .string(OlmMachine.megolmAlgorithm)]),
            "keys": .object(["curve25519:\(deviceID)": .string(keys.curve25519), "ed25519:\(deviceID)": .string(keys.ed25519)]),
        ])
        return SignedJSON.adding(signature: try account.sign(try SignedJSON.signedBytes(object)), user: user,
                                 keyID: "ed25519:\(deviceID)", to: object)
    }

    /// An Olm to-device `m.room.encrypted` carrying `type`/`content` to `machine`.
    func toDevice(_ type: String, _ content: CryptoJSON, to machine: OlmMachine, claimedEd25519: String? = nil,
                  sender: String? = nil, plaintextSender: String? = nil) throws -> ToDeviceEvent {
        if olm == nil {
            let oneTime = try machine.oneTimeKeysToUpload(serverCount: 0).values.first?["key"]?.string ?? ""
            try machine.markOneTimeKeysPublished()
            olm = try OlmSessionHandle.outbound(account: account, identityKey: machine.identity.curve25519, oneTimeKey: oneTime)
        }
        let plaintext: CryptoJSON = .object([
            "type": .string(type), "content": content,
            "sender": .string(plaintextSender ?? user), "sender_device": .string(deviceID),
            "recipient": .string(machine.identity.userID),
            "recipient_keys": .object(["ed25519": .string(machine.identity.ed25519)]),
            "keys": .object(["ed25519": .string(claimedEd25519 ?? keys.ed25519)]),
        ])
        let sealed = try olm!.encrypt(try CanonicalJSON.data(plaintext))
        return ToDeviceEvent(type: "m.room.encrypted", sender: sender ?? user, content: .object([
            "algorithm": .string(OlmMachine.olmAlgorithm), "sender_key": .string(keys.curve25519),
            "ciphertext": .object([machine.identity.curve25519: .object(["type": .integer(Int64(sealed.type.rawValue)), "body": .string(sealed.body)])]),
        ]))
    }

    /// The `m.room_key` of this device's Megolm session in `room`, as a to-device event.
    func roomKey(_ room: String, to machine: OlmMachine, sender: String? = nil, plaintextSender: String? = nil,
                 claimedEd25519: String? = nil) throws -> ToDeviceEvent {
        try toDevice("m.room_key", .object([
            "algorithm": .string(OlmMachine.megolmAlgorithm), "room_id": .string(room),
            "session_id": .string(megolm.id), "session_key": .string(sessionKey),
        ]), to: machine, claimedEd25519: claimedEd25519, sender: sender, plaintextSender: plaintextSender)
    }

    /// This device's Megolm session in libolm's export format, at index 0 (as a key file holds it).
    func megolmExport() throws -> String {
        try MegolmInboundHandle.create(sessionKey: sessionKey).exportedKey(at: 0)
    }

    /// A Megolm `m.room.encrypted` room event saying `text` in `room`.
    func message(_ text: String, in room: String, eventID: String, inside plaintextRoom: String? = nil) throws -> MegolmCiphertext {
        let plaintext: CryptoJSON = .object([
            "type": .string("m.room.message"), "room_id": .string(plaintextRoom ?? room),
            "content": .object(["msgtype": .string("m.text"), "body": .string(text)]),
        ])
        let ciphertext = try megolm.encrypt(try CanonicalJSON.data(plaintext))
        return MegolmCiphertext(roomID: room, eventID: eventID, sender: user, timestamp: 1_000, content: .object([
            "algorithm": .string(OlmMachine.megolmAlgorithm), "sender_key": .string(keys.curve25519),
            "session_id": .string(megolm.id), "ciphertext": .string(ciphertext), "device_id": .string(deviceID),
        ]))
    }
}
