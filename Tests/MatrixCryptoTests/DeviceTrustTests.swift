import Foundation
import XCTest
@testable import MatrixCrypto

/// What a verification says of a sender's device over time: unverified until verified,
/// verified for the same signing key, changed when the device id comes back with other keys.
final class DeviceTrustTests: XCTestCase {
    func testTrustFollowsVerificationAndAChangeOfKeys() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trust-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let machine = try OlmMachine(path: folder.appendingPathComponent("crypto.sqlite"), keyFile: folder.appendingPathComponent("key"),
                                     userID: "@tteok:localhost", deviceID: "TTEOKDEV")
        let first = try PeerDevice(), user = first.user
        _ = try machine.learnDevices(of: user, [first.deviceID: try first.deviceKeys()])
        XCTAssertEqual(try machine.trust(ofSender: user, senderKey: first.keys.curve25519), .unverified)
        XCTAssertEqual(try machine.trust(ofSender: user, senderKey: "unknown-key"), .unverified, "an unknown device is unverified")
        try machine.markVerified(try XCTUnwrap(machine.devices(of: user).first))
        XCTAssertEqual(try machine.trust(ofSender: user, senderKey: first.keys.curve25519), .verified)
        XCTAssertEqual(try machine.trust(ofSender: "@tteok:localhost", senderKey: machine.identity.curve25519), .verified, "this device")
        // The server drops the device, then lists the same device id with other keys.
        _ = try machine.learnDevices(of: user, [:])
        let impostor = try PeerDevice(user: user, deviceID: first.deviceID)
        _ = try machine.learnDevices(of: user, [impostor.deviceID: try impostor.deviceKeys()])
        XCTAssertEqual(try machine.trust(ofSender: user, senderKey: impostor.keys.curve25519), .changed)
        XCTAssertFalse(try machine.isVerified(try XCTUnwrap(machine.devices(of: user).first)))
    }
}
