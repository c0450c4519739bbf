import Foundation
import Storage
import XCTest
@testable import MatrixCrypto

/// This account's cross-signing keys in the crypto store: the upload body's signatures chain
/// (master → self-signing, user-signing; device → master), this device signed by the
/// self-signing key, the seeds sealed so a damaged or foreign store is refused; new keys kept
/// only when told (after the server took them); another own device signed only with its own keys.
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
        let new = try machine.createCrossSigningKeys()
        try machine.keepCrossSigningKeys(new)
        let body = new.upload
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

    func testNewKeysReplaceTheKeptOnesOnlyOnceKept() throws {
        let machine = try machine()
        let first = try machine.createCrossSigningKeys()
        XCTAssertNil(try machine.crossSigningPublicKey(.master), "made is not kept")
        try machine.keepCrossSigningKeys(first)
        let second = try machine.createCrossSigningKeys()
        XCTAssertNotEqual(second.masterKey, first.masterKey)
        XCTAssertEqual(try machine.crossSigningPublicKey(.master), first.masterKey, "an upload that never happened changes nothing")
        try machine.keepCrossSigningKeys(second)
        XCTAssertEqual(try machine.crossSigningPublicKey(.master), second.masterKey)
    }

    func testAnotherOwnDeviceIsSignedOnlyOverItsOwnVerifiedKeys() throws {
        let machine = try machine()
        let user = "@tteok:localhost"
        let phone = try PeerDevice(user: user, deviceID: "PHONE"), impostor = try PeerDevice(user: user, deviceID: "PHONE")
        let verified = DeviceKeys(userID: user, deviceID: "PHONE", curve25519: phone.keys.curve25519, ed25519: phone.keys.ed25519)
        XCTAssertNil(try machine.signOwnDevice(try phone.deviceKeys(), verified: verified), "no self-signing key yet")
        let new = try machine.createCrossSigningKeys()
        try machine.keepCrossSigningKeys(new)
        let selfSigning = try XCTUnwrap(onlyKey(new.upload["self_signing_key"]))
        let signed = try XCTUnwrap(machine.signOwnDevice(try phone.deviceKeys(), verified: verified)?[user]?["PHONE"])
        XCTAssertTrue(SignedJSON.verify(signed, user: user, keyID: "ed25519:\(selfSigning)", key: selfSigning))
        XCTAssertEqual(signed.removing("signatures"), try phone.deviceKeys().removing("signatures"), "the published keys, unchanged")
        // A server answering with other keys for the verified device id gets no signature.
        XCTAssertNil(try machine.signOwnDevice(try impostor.deviceKeys(), verified: verified))
        var forged = try phone.deviceKeys().object ?? [:]
        forged["algorithms"] = .array([.string("m.olm.v1.curve25519-aes-sha2")])
        XCTAssertNil(try machine.signOwnDevice(.object(forged), verified: verified), "changed after the device signed them")
        let stranger = try PeerDevice(user: "@peer:localhost", deviceID: "PHONE")
        XCTAssertNil(try machine.signOwnDevice(try stranger.deviceKeys(), verified: DeviceKeys(
            userID: stranger.user, deviceID: "PHONE", curve25519: stranger.keys.curve25519, ed25519: stranger.keys.ed25519)),
            "another user's device is never self-signed")
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
