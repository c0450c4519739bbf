import ChatCore
import Foundation
import MatrixCrypto
import TestSupport
import XCTest
@testable import Matrix

/// Trust through cross-signing against matrix-nio on Synapse (issue 18): nio's account publishes
/// cross-signing keys as Element does; tteok verifies one of its devices by emoji — nio's MAC covering
/// its master key, as Element's does — then trusts that master key, so nio's other device, signed by its self-signing key,
/// shows as verified without a verification of its own — and signs it with its user-signing key
/// (checked by python-olm). When nio's master key changes, that device shows as changed.
final class CrossSigningTrustTests: XCTestCase {
    func testVerifyingOneDeviceTrustsTheOthersItsIdentitySignedUntilTheMasterKeyChanges() async throws {
        let fixture = try MatrixFixture()
        let (tteok, tteokUser) = try await fixture.member("tteok")
        await tteok.catchUp()
        _ = try await tteok.setUpCrossSigning(password: tteokUser.password)
        let encryption = try XCTUnwrap(tteok.active?.encryption)
        let crypto = encryption.crypto
        let peerUser = try await SynapseUser.register(on: fixture.server)
        let peer = NioPeer(user: peerUser, store: fixture.directory.file("nio"))
        try peer.uploadKeys()
        let published = try peer.publishCrossSigning()
        let other = NioPeer(user: peerUser, store: fixture.directory.file("nio-other"), deviceID: "NIOOTHER")
        try other.uploadKeys()
        _ = try other.publishCrossSigning(seeds: published.seeds)

        func trust(_ device: String) async throws -> DeviceTrust {
            await encryption.refreshDevices(of: [peerUser.userID])
            let keys = try XCTUnwrap(try crypto.devices(of: peerUser.userID).first { $0.deviceID == device }, "\(device) known")
            return try crypto.trust(ofSender: peerUser.userID, senderKey: keys.curve25519)
        }
        let trust1 = try await trust("NIOOTHER")
        XCTAssertEqual(trust1, .unverified, "cross-signed, but the identity is not verified yet")

        let nio = try peer.verify(.accept, otherUser: crypto.identity.userID, masterKey: published.master)
        let verification = try await tteok.verify(user: peerUser.userID, device: peer.deviceID, timeout: .seconds(90))
        var last: VerificationStep?
        for await step in verification.steps() {
            last = step
            if case .compare = step { await verification.answer(match: true) }
        }
        XCTAssertEqual(last, .verified(user: peerUser.userID, device: peer.deviceID))
        XCTAssertEqual(nio.outcome()?["result"] as? String, "verified")
        let trust2 = try await trust("NIOOTHER")
        XCTAssertEqual(trust2, .verified, "signed by the self-signing key of the master key the verified device vouches for")

        let checker = NioPeer(user: tteokUser, store: fixture.directory.file("checker"), deviceID: "CHECKER")
        let seen = try checker.crossSigning(of: peerUser.userID, device: peer.deviceID, signer: tteokUser.userID)
        XCTAssertEqual(seen["master"] as? String, published.master)
        XCTAssertEqual(seen["master_by_signer"] as? Bool, true, "tteok's user-signing key signed nio's master key: \(seen)")

        // nio's account gets new cross-signing keys: its other device is no longer vouched for.
        let replaced = try peer.publishCrossSigning()
        XCTAssertNotEqual(replaced.master, published.master)
        let trust3 = try await trust("NIOOTHER")
        XCTAssertEqual(trust3, .changed)
        let trust4 = try await trust(peer.deviceID)
        XCTAssertEqual(trust4, .verified, "the device verified by emoji stays verified")
        await fixture.close()
    }
}
