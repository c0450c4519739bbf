import Foundation
import XCTest
@testable import MatrixCrypto

/// Cross-signing keys through secret storage on the machine: the seeds one device gives out are
/// taken in by another device of the same user only when each is the private key of the key the
/// account publishes — a forged seed (a hostile server's, or a stale secret) changes nothing.
/// The secret storage key is kept sealed across a restart.
final class CrossSigningSecretsTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("xsecrets-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func machine(_ name: String, device: String) throws -> OlmMachine {
        try OlmMachine(path: folder.appendingPathComponent("\(name).sqlite"), keyFile: folder.appendingPathComponent("\(name).key"),
                       userID: "@tteok:localhost", deviceID: device)
    }

    func testAnotherDeviceTakesInOnlyTheKeysTheAccountPublishes() throws {
        let first = try machine("first", device: "FIRST")
        try first.keepCrossSigningKeys(try first.createCrossSigningKeys())
        let secrets = try first.crossSigningSecrets()
        XCTAssertEqual(Set(secrets.keys), Set(CrossSigningUsage.allCases))
        var published: [CrossSigningUsage: String] = [:]
        for usage in CrossSigningUsage.allCases { published[usage] = try first.crossSigningPublicKey(usage) }

        let second = try machine("second", device: "SECOND")
        var forged = secrets
        forged[.selfSigning] = Base64.unpadded(OlmCall.random(32))
        XCTAssertThrowsError(try second.adoptCrossSigningKeys(forged, published: published)) {
            XCTAssertEqual($0 as? CrossSigningMismatch, CrossSigningMismatch(usage: .selfSigning))
        }
        XCTAssertNil(try second.crossSigningPublicKey(.master), "nothing taken in when one key is forged")
        XCTAssertEqual(try second.adoptCrossSigningKeys(secrets, published: published), CrossSigningUsage.allCases)
        XCTAssertEqual(try second.crossSigningPublicKey(.master), published[.master])
        XCTAssertNotNil(try second.signOwnDevice())
    }

    func testTheSecretStorageKeyIsKeptSealedAcrossARestart() throws {
        let key = try SecretStorageKey.generate()
        try machine("store", device: "DEV").keepSecretStorageKey(key)
        let kept = try XCTUnwrap(try machine("store", device: "DEV").keptSecretStorageKey())
        XCTAssertEqual(kept.keyID, key.keyID)
        XCTAssertEqual(kept.recoveryKey, key.recoveryKey)
        for suffix in ["", "-wal"] {
            let file = (try? Data(contentsOf: folder.appendingPathComponent("store.sqlite\(suffix)"))) ?? Data()
            XCTAssertNil(file.range(of: Data(key.bytes)), "the key is not in the store in the clear")
            XCTAssertNil(file.range(of: Data(Base64.unpadded(key.bytes).utf8)))
        }
    }
}
