import Foundation
import Storage
import XCTest
@testable import MatrixCrypto

/// This account's cross-signing keys in the crypto store: the upload body's signatures chain
/// (master → self-signing, user-signing; device → master), this device signed by the
/// self-signing key, the seeds sealed so a damaged or foreign store is refused.
final class CrossSigningKeyTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("xsign-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func machine() throws -> OlmMachine {
        try OlmMachine(path: folder.appendingPathComponent("crypto.sqlite"), keyFile: folder.appendingPathComponent("key"),
                       userID: "@tteok:localhost", deviceID: "TTEOKDEV")
    }

    private func onlyKey(_ object: CryptoJSON?) -> String? { object?["keys"]?.object?.values.first?.string }

    func testTheKeysSignEachOtherAndThisDevice() throws {
        let machine = try machine()
        XCTAssertNil(try machine.signOwnDevice(), "nothing to sign with before the keys exist")
        let body = try machine.createCrossSigningKeys()
        let master = try XCTUnwrap(onlyKey(body["master_key"])), selfSigning = try XCTUnwrap(onlyKey(body["self_signing_key"]))
        let user = "@tteok:localhost"
        XCTAssertEqual(body["master_key"]?["usage"], .array([.string("master")]))
        XCTAssertTrue(SignedJSON.verify(try XCTUnwrap(body["self_signing_key"]), user: user, keyID: "ed25519:\(master)", key: master))
        XCTAssertTrue(SignedJSON.verify(try XCTUnwrap(body["user_signing_key"]), user: user, keyID: "ed25519:\(master)", key: master))
        XCTAssertTrue(SignedJSON.verify(try XCTUnwrap(body["master_key"]), user: user, keyID: "ed25519:TTEOKDEV", key: machine.identity.ed25519))
        let signed = try XCTUnwrap(machine.signOwnDevice()?[user]?["TTEOKDEV"])
        XCTAssertTrue(SignedJSON.verify(signed, user: user, keyID: "ed25519:\(selfSigning)", key: selfSigning))
        XCTAssertEqual(try machine.crossSigningPublicKey(.master), master)
        XCTAssertEqual(try self.machine().crossSigningPublicKey(.master), master, "kept across a restart")
    }

    func testASealedSeedOpensOnlyWithItsKeyAndUntouched() throws {
        let seed = OlmCall.random(32), key = OlmCall.random(32)
        let sealed = try SealedSeed.seal(seed, with: key)
        XCTAssertEqual(try SealedSeed.open(sealed, with: key), seed)
        XCTAssertFalse(sealed.contains(Data(seed).base64EncodedString()))
        XCTAssertThrowsError(try SealedSeed.open(sealed, with: OlmCall.random(32)), "another store's key")
        var bytes = try XCTUnwrap(Data(base64Encoded: sealed))
        bytes[20] ^= 1
        XCTAssertThrowsError(try SealedSeed.open(bytes.base64EncodedString(), with: key), "a flipped bit")
    }
}
