import ChatCore
import Foundation
import MatrixCrypto
import TestSupport
import XCTest
@testable import Matrix

/// Secret storage on Synapse (issue 18): the cross-signing keys and the backup key tteok makes go
/// into the account's secret storage, which another client (Python, independently of tteok) opens
/// with the recovery key or passphrase; a new device of the same person unlocks it, gets the
/// cross-signing keys (and is signed with them) and the backup; a wrong key changes nothing, and
/// a forged cross-signing secret is not taken in.
final class SecretStorageTests: XCTestCase {
    func testAnotherClientAndANewDeviceOpenWhatTteokStored() async throws {
        let fixture = try MatrixFixture()
        let (tteok, user) = try await fixture.member("tteok")
        await tteok.catchUp()
        let setUp = try await tteok.setUpCrossSigning(password: user.password)
        let recoveryKey = try XCTUnwrap(setUp.recoveryKey, "the secret storage was made with the keys")
        let backup = try await tteok.setUpKeyBackup(passphrase: nil)
        XCTAssertNil(backup.recoveryKey, "the backup key went into the secret storage made before")

        let checker = NioPeer(user: user, store: fixture.directory.file("checker"), deviceID: "CHECKER")
        let seen = try checker.secretStorage(recoveryKey: recoveryKey)
        let published = try XCTUnwrap(seen["published"] as? [String: Any])
        XCTAssertEqual(seen["key_checks"] as? Bool, true, "\(seen)")
        XCTAssertEqual(seen["algorithm"] as? String, SecretStorageKey.algorithm)
        XCTAssertEqual(seen["master"] as? String, setUp.masterKey, "\(seen)")
        for usage in ["master", "self_signing", "user_signing"] {
            XCTAssertEqual(seen[usage] as? String, published[usage] as? String, "\(usage): \(seen)")
        }
        XCTAssertNotNil(seen["backup"] as? String)
        XCTAssertEqual(seen["backup_key"] as? String, seen["backup"] as? String, "\(seen)")
        XCTAssertEqual(seen["backup_signed_by_master"] as? Bool, true, "\(seen)")

        // The same person on a new device: a wrong recovery key is refused and nothing is kept.
        let second = try await fixture.newDevice("second", of: user)
        let secondCrypto = try XCTUnwrap(second.active?.encryption?.crypto)
        do {
            _ = try await second.restoreKeyBackup(recoveryKey: try SecretStorageKey.generate().recoveryKey)
            XCTFail("another key unlocked the secret storage")
        } catch let error as ChatError {
            guard case .invalidInput(let why) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(why.contains("does not unlock"), why)
        }
        XCTAssertNil(try secondCrypto.keptSecretStorageKey())
        XCTAssertNil(try secondCrypto.crossSigningPublicKey(.master))

        let recovered = try await second.restoreKeyBackup(recoveryKey: recoveryKey)
        XCTAssertTrue(recovered.crossSigned, "\(recovered)")
        XCTAssertEqual(recovered.notes, [])
        XCTAssertNotNil(recovered.roomKeys)
        XCTAssertEqual(try secondCrypto.crossSigningPublicKey(.master), setUp.masterKey)
        let signed = try checker.crossSigning(of: user.userID, device: secondCrypto.identity.deviceID)
        XCTAssertEqual(signed["device_by_self_signing"] as? Bool, true, "the new device is cross-signed: \(signed)")
        // The first device, signed by the same self-signing key, is now trusted by the second.
        let firstKey = try XCTUnwrap(tteok.active?.encryption?.crypto.identity.curve25519)
        await second.active?.encryption?.refreshDevices(of: [user.userID])
        XCTAssertEqual(try secondCrypto.trust(ofSender: user.userID, senderKey: firstKey), .verified)

        // A forged self-signing secret (right storage key, another seed) is not taken in.
        let key = try SecretStorageKey.unlock(keyID: try XCTUnwrap(seen["default_key"] as? String),
                                              description: try XCTUnwrap(secondCrypto.keptSecretStorageKey()).description, typed: recoveryKey)
        let otherSeed = Data((0..<32).map { _ in UInt8.random(in: 0...255) }).base64EncodedString().replacingOccurrences(of: "=", with: "")
        try await XCTUnwrap(tteok.active?.encryption).storeSecret(otherSeed, name: CrossSigningUsage.selfSigning.secretName, with: key)
        let third = try await fixture.newDevice("third", of: user)
        let forged = try await third.restoreKeyBackup(recoveryKey: recoveryKey)
        XCTAssertFalse(forged.crossSigned)
        XCTAssertTrue(forged.notes.contains { $0.contains("self-signing key is not the one the account publishes") }, "\(forged.notes)")
        XCTAssertNil(try third.active?.encryption?.crypto.crossSigningPublicKey(.master), "no key taken in")
        XCTAssertNotNil(forged.roomKeys, "the backup is restored all the same")
        await fixture.close()
    }

    func testAPassphraseUnlocksTheBackupOnANewDevice() async throws {
        let fixture = try MatrixFixture()
        let (tteok, user) = try await fixture.member("tteok")
        await tteok.catchUp()
        let passphrase = "떡볶이 is the passphrase"
        let made = try await tteok.setUpKeyBackup(passphrase: passphrase)
        XCTAssertNotNil(made.recoveryKey, "a new secret storage, with its recovery key")
        let seen = try NioPeer(user: user, store: fixture.directory.file("checker"), deviceID: "CHECKER").secretStorage(passphrase: passphrase)
        XCTAssertEqual(seen["key_checks"] as? Bool, true, "\(seen)")
        XCTAssertEqual(seen["backup_key"] as? String, seen["backup"] as? String, "\(seen)")

        let second = try await fixture.newDevice("second", of: user)
        do {
            _ = try await second.restoreKeyBackup(recoveryKey: "not the passphrase")
            XCTFail("a wrong passphrase unlocked the secret storage")
        } catch ChatError.invalidInput(let why) {
            XCTAssertTrue(why.hasPrefix("Nothing was restored"), why)
        }
        let recovered = try await second.restoreKeyBackup(recoveryKey: passphrase)
        XCTAssertNotNil(recovered.roomKeys, "\(recovered)")
        XCTAssertFalse(recovered.crossSigned, "no cross-signing keys were stored")
        XCTAssertEqual(recovered.notes, [])
        await fixture.close()
    }
}
