import ChatCore
import Foundation
import MatrixCrypto
import TestSupport
import XCTest
@testable import Matrix

/// Cross-signing set up by tteok on Synapse (issue 18): the keys and signatures it publishes
/// check out for another client (nio's account on another device, signatures by python-olm);
/// replacing them needs the right password.
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
}
