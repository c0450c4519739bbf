import Foundation
import XCTest
@testable import MatrixCrypto

/// Trust through another user's cross-signing keys, on the machine alone: a hostile server or
/// peer cannot make a device count as verified with a self-signing key the master key did not
/// sign, with a verification whose MAC covered some other key than the published master key, or
/// by swapping the master key after the person verified it (then: changed).
final class UserIdentityTrustTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("identity-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A user's master and self-signing keys, and one of their devices signed by the latter.
    private struct Identity {
        let master: PkSigningHandle
        let selfSigning: PkSigningHandle
        let user = "@peer:localhost"

        init() throws {
            master = try PkSigningHandle(seed: OlmCall.random(32))
            selfSigning = try PkSigningHandle(seed: OlmCall.random(32))
        }

        func masterObject() -> CryptoJSON { OlmMachine.crossSigningKey(user: user, usage: .master, publicKey: master.publicKey) }

        func selfSigningObject(signedBy signer: PkSigningHandle) throws -> CryptoJSON {
            let object = OlmMachine.crossSigningKey(user: user, usage: .selfSigning, publicKey: selfSigning.publicKey)
            return SignedJSON.adding(signature: try signer.sign(try SignedJSON.signedBytes(object)), user: user,
                                     keyID: "ed25519:\(signer.publicKey)", to: object)
        }

        func crossSigned(_ device: PeerDevice) throws -> CryptoJSON {
            let keys = try device.deviceKeys()
            return SignedJSON.adding(signature: try selfSigning.sign(try SignedJSON.signedBytes(keys)), user: user,
                                     keyID: "ed25519:\(selfSigning.publicKey)", to: keys)
        }
    }

    func testOnlyTheVerifiedMasterKeysSelfSigningKeyVouchesForDevices() throws {
        let machine = try OlmMachine(path: folder.appendingPathComponent("crypto.sqlite"), keyFile: folder.appendingPathComponent("key"),
                                     userID: "@tteok:localhost", deviceID: "TTEOKDEV")
        try machine.keepCrossSigningKeys(try machine.createCrossSigningKeys())
        let identity = try Identity()
        let verified = try PeerDevice(deviceID: "VERIFIED"), other = try PeerDevice(deviceID: "OTHER")
        func learn(_ identity: Identity, selfSigningSigner: PkSigningHandle? = nil) throws {
            try machine.learnIdentity(of: identity.user, master: identity.masterObject(),
                                      selfSigning: try identity.selfSigningObject(signedBy: selfSigningSigner ?? identity.master))
            _ = try machine.learnDevices(of: identity.user, ["VERIFIED": try verified.deviceKeys(), "OTHER": try identity.crossSigned(other)])
        }
        func trustOfOther() throws -> DeviceTrust { try machine.trust(ofSender: identity.user, senderKey: other.keys.curve25519) }
        let verifiedKeys = DeviceKeys(userID: identity.user, deviceID: "VERIFIED", curve25519: verified.keys.curve25519, ed25519: verified.keys.ed25519)

        // A self-signing key signed by something else than the master key vouches for nothing.
        try learn(identity, selfSigningSigner: try PkSigningHandle(seed: OlmCall.random(32)))
        try machine.markVerified(verifiedKeys)
        XCTAssertNotNil(try machine.trustIdentity(verifiedDevice: verifiedKeys, macVerifiedKeys: [identity.master.publicKey]))
        XCTAssertEqual(try trustOfOther(), .unverified)

        // A verification whose MAC covered another key than the published master key trusts nothing.
        let stranger = try Identity()
        try learn(stranger)
        XCTAssertNil(try machine.trustIdentity(verifiedDevice: verifiedKeys, macVerifiedKeys: [identity.master.publicKey]))
        XCTAssertEqual(try machine.trust(ofSender: stranger.user, senderKey: other.keys.curve25519), .changed,
                       "the master key verified before is no longer the one published")

        // The verified master key with its own self-signing key: the other device is verified.
        try learn(identity)
        let upload = try XCTUnwrap(machine.trustIdentity(verifiedDevice: verifiedKeys, macVerifiedKeys: [identity.master.publicKey]))
        let signedMaster = try XCTUnwrap(upload[identity.user]?[identity.master.publicKey])
        let userSigning = try XCTUnwrap(machine.crossSigningPublicKey(.userSigning))
        XCTAssertTrue(SignedJSON.verify(signedMaster, user: "@tteok:localhost", keyID: "ed25519:\(userSigning)", key: userSigning))
        XCTAssertEqual(try trustOfOther(), .verified)
    }
}
