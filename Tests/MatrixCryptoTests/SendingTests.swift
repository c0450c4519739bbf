import Foundation
import XCTest
@testable import MatrixCrypto

/// Sending between two libolm machines: Olm sessions from claimed one-time keys (signature
/// checked), the room key by Olm, Megolm encryption, and when the outbound session rotates.
final class SendingTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("olm-send-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func machine(_ user: String, _ device: String) throws -> OlmMachine {
        try OlmMachine(path: folder.appendingPathComponent("\(device).sqlite"), keyFile: folder.appendingPathComponent("\(device).key"),
                       userID: user, deviceID: device)
    }

    /// `receiver` as `sender` learns it from /keys/query, with an Olm session from one claimed key.
    @discardableResult
    private func connect(_ sender: OlmMachine, to receiver: OlmMachine) throws -> DeviceKeys {
        let device = try XCTUnwrap(try sender.learnDevices(of: receiver.identity.userID,
                                                            [receiver.identity.deviceID: try receiver.signedDeviceKeys()]).first)
        let oneTime = try XCTUnwrap(try receiver.oneTimeKeysToUpload(serverCount: 0).first?.value)
        try receiver.markOneTimeKeysPublished()
        XCTAssertEqual(try sender.devicesWithoutOlmSession([device]), [device])
        XCTAssertEqual(try sender.startOlmSessions([device: oneTime]), [device])
        XCTAssertEqual(try sender.devicesWithoutOlmSession([device]), [])
        return device
    }

    private func deliver(_ share: RoomKeyShare, from sender: OlmMachine, to receiver: OlmMachine) throws {
        let device = try XCTUnwrap(share.messages.keys.first { $0.deviceID == receiver.identity.deviceID })
        let outcome = receiver.receive(ToDeviceEvent(type: "m.room.encrypted", sender: sender.identity.userID, content: share.messages[device]!))
        XCTAssertEqual(outcome, .roomKey(room: share.room, sessionID: share.sessionID))
        try sender.markShared(share)
    }

    private func send(_ text: String, from sender: OlmMachine, in room: String) throws -> MegolmCiphertext {
        let content = try sender.encrypt(room: room, type: "m.room.message", content: .object(["msgtype": .string("m.text"), "body": .string(text)]))
        XCTAssertEqual(content["device_id"]?.string, sender.identity.deviceID)
        XCTAssertEqual(content["sender_key"]?.string, sender.identity.curve25519)
        return MegolmCiphertext(roomID: room, eventID: "$\(UUID().uuidString)", sender: sender.identity.userID, timestamp: 1, content: content)
    }

    func testARoomKeySentByOlmLetsThePeerDecrypt() throws {
        let tteok = try machine("@tteok:localhost", "TTEOK"), peer = try machine("@peer:localhost", "PEER")
        let device = try connect(tteok, to: peer)
        let share = try tteok.roomKeyShare(room: "!r", devices: [device], rotation: .default)
        try deliver(share, from: tteok, to: peer)
        XCTAssertEqual(try peer.decrypt(try send("안녕 secret", from: tteok, in: "!r")).content["body"]?.string, "안녕 secret")
        XCTAssertEqual(try tteok.decrypt(try send("mine", from: tteok, in: "!r")).content["body"]?.string, "mine",
                       "the sender reads its own messages (echo and history)")
        let again = try tteok.roomKeyShare(room: "!r", devices: [device], rotation: .default)
        XCTAssertEqual(again.sessionID, share.sessionID)
        XCTAssertTrue(again.messages.isEmpty, "a device that has the key does not get it again")
    }

    func testAOneTimeKeyNotSignedByTheDeviceIsRefused() throws {
        let tteok = try machine("@tteok:localhost", "TTEOK"), peer = try machine("@peer:localhost", "PEER")
        let device = try XCTUnwrap(try tteok.learnDevices(of: "@peer:localhost", ["PEER": try peer.signedDeviceKeys()]).first)
        let forged = try XCTUnwrap(try tteok.oneTimeKeysToUpload(serverCount: 0).first?.value)  // signed by another device
        XCTAssertEqual(try tteok.startOlmSessions([device: forged]), [])
        XCTAssertEqual(try tteok.roomKeyShare(room: "!r", devices: [device], rotation: .default).unreachable, [device])
    }

    func testTheSessionRotatesByCountAndWhenADeviceLeaves() throws {
        let tteok = try machine("@tteok:localhost", "TTEOK")
        let peer = try machine("@peer:localhost", "PEER"), other = try machine("@other:localhost", "OTHER")
        let peerDevice = try connect(tteok, to: peer), otherDevice = try connect(tteok, to: other)
        let rotation = RotationPolicy(periodMilliseconds: 3_600_000, periodMessages: 2)
        let first = try tteok.roomKeyShare(room: "!r", devices: [peerDevice, otherDevice], rotation: rotation)
        try deliver(first, from: tteok, to: peer)
        try deliver(first, from: tteok, to: other)
        _ = try send("1", from: tteok, in: "!r")
        XCTAssertEqual(try tteok.roomKeyShare(room: "!r", devices: [peerDevice, otherDevice], rotation: rotation).sessionID, first.sessionID)
        _ = try send("2", from: tteok, in: "!r")
        let second = try tteok.roomKeyShare(room: "!r", devices: [peerDevice, otherDevice], rotation: rotation)
        XCTAssertNotEqual(second.sessionID, first.sessionID, "rotation_period_msgs reached")
        try deliver(second, from: tteok, to: peer)
        try deliver(second, from: tteok, to: other)
        let third = try tteok.roomKeyShare(room: "!r", devices: [peerDevice], rotation: rotation)
        XCTAssertNotEqual(third.sessionID, second.sessionID, "a member left: the key they hold must not read what comes next")
        XCTAssertEqual(Set(third.messages.keys), [peerDevice])
        try deliver(third, from: tteok, to: peer)
        let after = try send("after other left", from: tteok, in: "!r")
        XCTAssertEqual(try peer.decrypt(after).content["body"]?.string, "after other left")
        XCTAssertThrowsError(try other.decrypt(after))
    }

    func testTheSessionRotatesByAge() throws {
        let tteok = try machine("@tteok:localhost", "TTEOK"), peer = try machine("@peer:localhost", "PEER")
        let device = try connect(tteok, to: peer)
        let first = try tteok.roomKeyShare(room: "!r", devices: [device], rotation: .default)
        usleep(5000)
        let aged = try tteok.roomKeyShare(room: "!r", devices: [device], rotation: RotationPolicy(periodMilliseconds: 1, periodMessages: 100))
        XCTAssertNotEqual(aged.sessionID, first.sessionID, "rotation_period_ms passed")
    }

    func testDeviceListsAreQueriedUntilFreshAndAgainWhenChanged() throws {
        let tteok = try machine("@tteok:localhost", "TTEOK"), peer = try machine("@peer:localhost", "PEER")
        XCTAssertEqual(try tteok.usersNeedingDeviceQuery(["@peer:localhost"]), ["@peer:localhost"])
        _ = try tteok.learnDevices(of: "@peer:localhost", ["PEER": try peer.signedDeviceKeys()])
        XCTAssertEqual(try tteok.usersNeedingDeviceQuery(["@peer:localhost"]), [])
        try tteok.deviceListsChanged(["@peer:localhost"], left: [])
        XCTAssertEqual(try tteok.usersNeedingDeviceQuery(["@peer:localhost"]), ["@peer:localhost"])
        _ = try tteok.learnDevices(of: "@peer:localhost", [:])
        XCTAssertEqual(try tteok.devices(of: "@peer:localhost"), [], "a device no longer listed is removed")
    }
}
