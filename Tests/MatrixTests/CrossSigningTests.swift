import ChatCore
import Foundation
import MatrixCrypto
import TestSupport
import XCTest
@testable import Matrix

/// Cross-signing set up by tteok on Synapse (issue 18): the keys and signatures it publishes
/// check out for another client (nio's account on another device, signatures by python-olm);
/// replacing them needs the right password, and a replacement the server did not take (wrong
/// password, server error, dead server) leaves the keys in use here; a device of the same person
/// verified by emoji is signed with the self-signing key.
final class CrossSigningTests: XCTestCase {
    func testPublishedKeysAndSignaturesCheckOutForAnotherClient() async throws {
        let fixture = try MatrixFixture()
        let (tteok, user) = try await fixture.member("tteok")
        await tteok.catchUp()
        let device = try XCTUnwrap(tteok.active?.encryption?.crypto.identity.deviceID)
        let master = try await tteok.setUpCrossSigning(password: user.password).masterKey
        // The same person's other device (user-signing keys are shown only to their owner).
        let checker = NioPeer(user: user, store: fixture.directory.file("checker"), deviceID: "CHECKER")
        let seen = try checker.crossSigning(of: user.userID, device: device)
        XCTAssertEqual(seen["master"] as? String, master, "\(seen)")
        for check in ["self_signing_by_master", "user_signing_by_master", "device_by_self_signing", "master_by_device"] {
            XCTAssertEqual(seen[check] as? Bool, true, "\(check): \(seen)")
        }
        do {
            _ = try await tteok.setUpCrossSigning(password: "not the password")
            XCTFail("new keys replaced the old without the password")
        } catch let error as ChatError {
            XCTAssertEqual(error, .wrongPassword)
        }
        let after = try checker.crossSigning(of: user.userID, device: device)
        XCTAssertEqual(after["master"] as? String, master, "the published keys stayed: \(after)")
        await fixture.close()
    }

    func testAReplacementTheServerDidNotTakeLeavesTheKeysInUse() async throws {
        let fixture = try MatrixFixture()
        let proxy = try FaultProxy(upstream: fixture.server)
        defer { proxy.stop() }
        let (tteok, user) = try await fixture.member("tteok", through: proxy.url)
        await tteok.catchUp()
        let active = try XCTUnwrap(tteok.active)
        let crypto = try XCTUnwrap(active.encryption?.crypto)
        let master = try await tteok.setUpCrossSigning(password: user.password).masterKey

        let failures: [(String, FaultProxy.Fault?)] = [("wrong password", nil), ("server error", .status(500)), ("dead server", .drop)]
        for (name, fault) in failures {
            if let fault { proxy.set(fault, matching: "device_signing") }
            do {
                _ = try await tteok.setUpCrossSigning(password: fault == nil ? "not the password" : user.password)
                XCTFail("\(name): the replacement succeeded")
            } catch {}
            proxy.heal()
            XCTAssertEqual(try crypto.crossSigningPublicKey(.master), master, "\(name): the master key in use stayed")
            // The self-signing key kept here is still the published one: the server takes its signature.
            let signed = try XCTUnwrap(crypto.signOwnDevice())
            do {
                try await active.client.uploadSignatures(signed)
            } catch {
                XCTFail("\(name): the server refused the kept key's signature: \(error)")
            }
        }
        await fixture.close()
    }

    func testAnOwnDeviceVerifiedByEmojiIsSelfSigned() async throws {
        let fixture = try MatrixFixture()
        let (tteok, user) = try await fixture.member("tteok")
        await tteok.catchUp()
        _ = try await tteok.setUpCrossSigning(password: user.password)
        let phone = NioPeer(user: user, store: fixture.directory.file("phone"), deviceID: "PHONE")
        try phone.uploadKeys()
        let checker = NioPeer(user: user, store: fixture.directory.file("checker"), deviceID: "CHECKER")
        let before = try checker.crossSigning(of: user.userID, device: "PHONE")
        XCTAssertEqual(before["device_by_self_signing"] as? Bool, false, "not signed before: \(before)")

        let nio = try phone.verify(.accept, otherUser: user.userID)
        let verification = try await tteok.verify(user: user.userID, device: "PHONE", timeout: .seconds(90))
        var last: VerificationStep?
        for await step in verification.steps() {
            last = step
            if case .compare = step { await verification.answer(match: true) }
        }
        XCTAssertEqual(nio.outcome()?["result"] as? String, "verified")
        XCTAssertEqual(last, .verified(user: user.userID, device: "PHONE"))
        // Signed before the person is told it is verified: no waiting needed.
        let after = try checker.crossSigning(of: user.userID, device: "PHONE")
        XCTAssertEqual(after["device_by_self_signing"] as? Bool, true, "the phone carries the self-signing key's signature: \(after)")
        await fixture.close()
    }
}
