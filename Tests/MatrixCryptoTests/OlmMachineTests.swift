import Foundation
import Storage
import XCTest
@testable import MatrixCrypto

/// The libolm machine against another libolm device: keys, room keys by Olm, Megolm decryption
/// and the checks that refuse forged, misdirected and replayed messages.
final class OlmMachineTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("olm-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func machine(device: String = "TTEOKDEV") throws -> OlmMachine {
        try OlmMachine(path: folder.appendingPathComponent("crypto.sqlite"), keyFile: folder.appendingPathComponent("pickle-key"),
                       userID: "@tteok:localhost", deviceID: device)
    }

    private func text(_ event: DecryptedRoomEvent) -> String? { event.content["body"]?.string }

    private func reason(_ body: () throws -> Any) -> UndecryptableReason? {
        do { _ = try body(); return nil } catch let error as Undecryptable { return error.reason } catch { return .failed("\(error)") }
    }

    func testDeviceKeysAreSelfSignedAndOneTimeKeysSigned() throws {
        let machine = try machine()
        let keys = try machine.signedDeviceKeys()
        XCTAssertEqual(keys["keys"]?["ed25519:TTEOKDEV"]?.string, machine.identity.ed25519)
        XCTAssertTrue(SignedJSON.verify(keys, user: "@tteok:localhost", keyID: "ed25519:TTEOKDEV", key: machine.identity.ed25519))
        let tampered = SignedJSON.adding(signature: "x", user: "@other:localhost", keyID: "k", to: keys.removing("algorithms"))
        XCTAssertFalse(SignedJSON.verify(tampered, user: "@tteok:localhost", keyID: "ed25519:TTEOKDEV", key: machine.identity.ed25519))

        let oneTime = try machine.oneTimeKeysToUpload(serverCount: 0)
        XCTAssertEqual(oneTime.count, 50)
        for (_, key) in oneTime {
            XCTAssertTrue(SignedJSON.verify(key, user: "@tteok:localhost", keyID: "ed25519:TTEOKDEV", key: machine.identity.ed25519))
        }
        try machine.markOneTimeKeysPublished()
        XCTAssertEqual(try machine.oneTimeKeysToUpload(serverCount: 50).count, 0, "the server holds enough")
        XCTAssertEqual(try machine.oneTimeKeysToUpload(serverCount: 45).count, 5, "replenished to 50")
    }

    func testARoomKeyByOlmDecryptsTheRoomsMessages() throws {
        let machine = try machine(), peer = try PeerDevice()
        let first = try peer.message("before the key", in: "!room", eventID: "$1")
        XCTAssertEqual(reason { try machine.decrypt(first) }, .unknownSession)
        XCTAssertEqual(machine.receive(try peer.roomKey("!room", to: machine)), .roomKey(room: "!room", sessionID: peer.megolm.id))
        XCTAssertEqual(text(try machine.decrypt(first)), "before the key", "a message decrypts once its key arrives")
        let second = try peer.message("정말 비밀 🤫", in: "!room", eventID: "$2")
        XCTAssertEqual(text(try machine.decrypt(second)), "정말 비밀 🤫")
        XCTAssertEqual(text(try machine.decrypt(second)), "정말 비밀 🤫", "the same event again (history re-read) is no replay")
    }

    func testAReplayedIndexIsRefused() throws {
        let machine = try machine(), peer = try PeerDevice()
        _ = machine.receive(try peer.roomKey("!room", to: machine))
        let original = try peer.message("pay 5", in: "!room", eventID: "$1")
        _ = try machine.decrypt(original)
        let replay = MegolmCiphertext(roomID: "!room", eventID: "$evil", sender: peer.user, timestamp: 2_000, content: original.content)
        guard case .refused = reason({ try machine.decrypt(replay) }) else { return XCTFail("a replay decrypted") }
    }

    func testAKeyIsUsedOnlyInItsRoomAndForItsSender() throws {
        let machine = try machine(), peer = try PeerDevice()
        _ = machine.receive(try peer.roomKey("!room", to: machine))
        let moved = try peer.message("moved", in: "!other", eventID: "$1")
        guard case .refused = reason({ try machine.decrypt(moved) }) else { return XCTFail("decrypted in another room") }
        let lying = try peer.message("lying", in: "!room", eventID: "$2", inside: "!other")
        guard case .refused = reason({ try machine.decrypt(lying) }) else { return XCTFail("plaintext naming another room accepted") }
        let original = try peer.message("mine", in: "!room", eventID: "$3")
        let impostor = MegolmCiphertext(roomID: "!room", eventID: "$3", sender: "@mallory:localhost", timestamp: 1_000, content: original.content)
        guard case .refused = reason({ try machine.decrypt(impostor) }) else { return XCTFail("another sender's event accepted") }
    }

    func testForgedOrMisaddressedRoomKeysAreIgnored() throws {
        let machine = try machine(), peer = try PeerDevice()
        // The outer sender is not the one inside the Olm plaintext.
        guard case .ignored = machine.receive(try peer.roomKey("!room", to: machine, plaintextSender: "@mallory:localhost")) else {
            return XCTFail("a re-addressed key was stored")
        }
        // A known device claiming another signing key.
        _ = try machine.learnDevices(of: peer.user, [peer.deviceID: try peer.deviceKeys()])
        guard case .ignored = machine.receive(try peer.roomKey("!room", to: machine, claimedEd25519: "AAAA")) else {
            return XCTFail("a key claiming a foreign ed25519 was stored")
        }
        XCTAssertEqual(reason { try machine.decrypt(try peer.message("x", in: "!room", eventID: "$1")) }, .unknownSession)
        XCTAssertEqual(machine.receive(try peer.roomKey("!room", to: machine)), .roomKey(room: "!room", sessionID: peer.megolm.id))
    }

    func testWithheldKeysExplainThePlaceholder() throws {
        let machine = try machine(), peer = try PeerDevice()
        let event = try peer.message("hidden", in: "!room", eventID: "$1")
        let notice = ToDeviceEvent(type: "m.room_key.withheld", sender: peer.user, content: .object([
            "algorithm": .string(OlmMachine.megolmAlgorithm), "room_id": .string("!room"), "session_id": .string(peer.megolm.id),
            "sender_key": .string(peer.keys.curve25519), "code": .string("m.unverified"), "reason": .string("Device not verified"),
        ]))
        XCTAssertEqual(machine.receive(notice), .withheld(room: "!room", sessionID: peer.megolm.id))
        XCTAssertEqual(reason { try machine.decrypt(event) }, .withheld(code: "m.unverified", reason: "Device not verified"))
    }

    func testDevicesNeedAValidSelfSignatureAndKeepTheirFirstKey() throws {
        let machine = try machine(), peer = try PeerDevice()
        var forged = try peer.deviceKeys()
        forged = .object((forged.object ?? [:]).merging(["device_id": .string("OTHER")]) { $1 })
        XCTAssertEqual(try machine.learnDevices(of: peer.user, ["OTHER": forged]).count, 0)
        XCTAssertEqual(try machine.learnDevices(of: "@someone:localhost", [peer.deviceID: try peer.deviceKeys()]).count, 0)
        XCTAssertEqual(try machine.learnDevices(of: peer.user, [peer.deviceID: try peer.deviceKeys()]).count, 1)
        let replacement = try PeerDevice(user: peer.user, deviceID: peer.deviceID)
        XCTAssertEqual(try machine.learnDevices(of: peer.user, [peer.deviceID: try replacement.deviceKeys()]).count, 0)
        XCTAssertEqual(try machine.devices(of: peer.user).map(\.ed25519), [peer.keys.ed25519])
    }

    func testStateSurvivesAReopenAndFilesAreOwnerOnly() throws {
        let peer = try PeerDevice()
        var machine: OlmMachine? = try self.machine()
        let identity = machine!.identity
        _ = machine!.receive(try peer.roomKey("!room", to: machine!))
        let event = try peer.message("kept", in: "!room", eventID: "$1")
        machine = nil
        let reopened = try self.machine()
        XCTAssertEqual(reopened.identity, identity, "the same device keys after a restart")
        XCTAssertEqual(text(try reopened.decrypt(event)), "kept")
        for name in ["crypto.sqlite", "pickle-key"] {
            let mode = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[.posixPermissions] as? Int
            XCTAssertEqual(mode, 0o600, name)
        }
        let pickles = try Database(path: folder.appendingPathComponent("crypto.sqlite").path).readSync {
            try $0.query("SELECT pickle FROM account UNION ALL SELECT pickle FROM inbound_group_sessions").compactMap { $0[0].string }
        }
        XCTAssertFalse(pickles.contains { $0.contains(identity.ed25519) }, "pickles are encrypted")

        let newDevice = try self.machine(device: "NEWDEV")
        XCTAssertNotEqual(newDevice.identity.curve25519, identity.curve25519, "a new login is a new device")
    }

    func testAMissingPickleKeyIsAClearError() throws {
        _ = try machine()
        try FileManager.default.removeItem(at: folder.appendingPathComponent("pickle-key"))
        XCTAssertThrowsError(try machine()) { XCTAssertTrue("\($0)".contains("pickle-key"), "\($0)") }
    }
}
