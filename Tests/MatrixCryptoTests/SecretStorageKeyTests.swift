import Foundation
import XCTest
@testable import MatrixCrypto

/// Secret storage's crypto (`m.secret_storage.v1.aes-hmac-sha2`): vectors made by an independent
/// implementation (Python's hmac/hashlib and pycryptodome's AES-CTR, as scripts/nio_secret_storage.py
/// reads secrets) open here; keys made here round-trip; a wrong recovery key or passphrase, a
/// changed ciphertext, a secret moved under another name and an unknown algorithm are refused.
final class SecretStorageKeyTests: XCTestCase {
    /// The key 0x00…0x1F with a check value and one secret, computed in Python.
    private static let recoveryKey = "EsSz ykH7 LCZx 7Cae cmKD wcmY JRXi Ybtu 8iQ3 t8Ez nRwK pUY1"
    private static let description = CryptoJSON.object([
        "algorithm": .string(SecretStorageKey.algorithm),
        "iv": .string("ZGVmZ2hpamtsbW5vcHFycw=="), "mac": .string("vYgQVpdK58iz0YmEq2oJZ9VVGPAzYwKn2MYF4C4PvWI="),
        "passphrase": .object(["algorithm": .string("m.pbkdf2"), "salt": .string("saltsalt"), "iterations": .integer(1000), "bits": .integer(256)]),
    ])
    private static let secret = CryptoJSON.object([
        "iv": .string("AAECAwQFBgcICQoLDA0ODw=="), "ciphertext": .string("K+LTnVBx9NwMIkipqvib"),
        "mac": .string("LeSMl5PC9/yrpcERZwf7Fe8DbEkIiLVbc6AwH5/91oE="),
    ])

    func testAVectorFromAnotherImplementationOpens() throws {
        XCTAssertEqual(try RecoveryKey.decode(Self.recoveryKey), Array(0..<32))
        let key = try SecretStorageKey.unlock(keyID: "K", description: Self.description, typed: Self.recoveryKey)
        XCTAssertEqual(try key.decrypt(Self.secret, name: "m.cross_signing.master"), "c2VjcmV0IHNlZWQ")
        // Under another name the derived keys differ: the MAC refuses it.
        XCTAssertThrowsError(try key.decrypt(Self.secret, name: "m.megolm_backup.v1")) {
            XCTAssertEqual($0 as? SecretStorageKey.Failure, .damaged("m.megolm_backup.v1"))
        }
    }

    func testAPassphraseUnlocksThroughPBKDF2() throws {
        let passphraseKey = CryptoJSON.object([
            "algorithm": .string(SecretStorageKey.algorithm),
            "iv": .string("yMnKy8zNzs/Q0dLT1NXW1w=="), "mac": .string("TjqvFKpx5TRLOMP91cUBhMFJkacM9DUs5qJT50vld0Y="),
            "passphrase": .object(["algorithm": .string("m.pbkdf2"), "salt": .string("saltsalt"), "iterations": .integer(1000), "bits": .integer(256)]),
        ])
        XCTAssertNoThrow(try SecretStorageKey.unlock(keyID: "P", description: passphraseKey, typed: "correct horse 떡"))
        XCTAssertThrowsError(try SecretStorageKey.unlock(keyID: "P", description: passphraseKey, typed: "correct horse")) {
            XCTAssertEqual($0 as? SecretStorageKey.Failure, .wrongKey)
        }
    }

    func testAKeyMadeHereRoundTripsAndAWrongOneIsRefused() throws {
        let key = try SecretStorageKey.generate()
        let stored = try key.encrypt("backup private key", name: BackupKey.secretName)
        let again = try SecretStorageKey.unlock(keyID: key.keyID, description: key.description, typed: key.recoveryKey)
        XCTAssertEqual(try again.decrypt(stored, name: BackupKey.secretName), "backup private key")
        XCTAssertFalse("\(stored)".contains("backup private key"))
        // Another valid recovery key (its own parity is right) fails the check value.
        XCTAssertThrowsError(try SecretStorageKey.unlock(keyID: key.keyID, description: key.description, typed: Self.recoveryKey)) {
            XCTAssertEqual($0 as? SecretStorageKey.Failure, .wrongKey)
        }
        // Without a passphrase in the description, text that is no recovery key is refused as such.
        XCTAssertThrowsError(try SecretStorageKey.unlock(keyID: key.keyID, description: key.description, typed: "a passphrase")) {
            XCTAssertTrue($0 is RecoveryKey.Failure, "\($0)")
        }
    }

    func testAChangedCiphertextAndAnUnknownAlgorithmAreRefused() throws {
        let key = try SecretStorageKey.unlock(keyID: "K", description: Self.description, typed: Self.recoveryKey)
        guard case .object(var changed) = Self.secret else { return XCTFail() }
        changed["ciphertext"] = .string("K+LTnVBx9NwMIkipqvic")
        XCTAssertThrowsError(try key.decrypt(.object(changed), name: "m.cross_signing.master")) {
            XCTAssertEqual($0 as? SecretStorageKey.Failure, .damaged("m.cross_signing.master"))
        }
        guard case .object(var other) = Self.description else { return XCTFail() }
        other["algorithm"] = .string("m.secret_storage.v2.made-up")
        XCTAssertThrowsError(try SecretStorageKey.unlock(keyID: "K", description: .object(other), typed: Self.recoveryKey)) {
            XCTAssertEqual($0 as? SecretStorageKey.Failure, .unsupported("m.secret_storage.v2.made-up"))
        }
        other = [:]
        other["algorithm"] = .string(SecretStorageKey.algorithm)
        XCTAssertThrowsError(try SecretStorageKey.unlock(keyID: "K", description: .object(other), typed: Self.recoveryKey)) {
            XCTAssertEqual($0 as? SecretStorageKey.Failure, .unsupported("a key without a check value"))
        }
    }

    func testAPassphraseKeyRoundTrips() throws {
        let key = try SecretStorageKey.generate(passphrase: "떡볶이 좋아")
        XCTAssertEqual(key.description["passphrase"]?["iterations"]?.integer, Int64(SecretStorageKey.passphraseRounds))
        let byPassphrase = try SecretStorageKey.unlock(keyID: key.keyID, description: key.description, typed: "떡볶이 좋아")
        XCTAssertEqual(byPassphrase.recoveryKey, key.recoveryKey, "the passphrase and the recovery key are the same key")
    }
}
