import FoundationEssentials
import Storage

/// This account's cross-signing keys: a master key that vouches for a self-signing key (which
/// signs this user's devices) and a user-signing key (which signs other users' master keys).
extension OlmMachine {
    /// Makes new cross-signing keys and returns them with the body of
    /// `/keys/device_signing/upload`: `master_key`, `self_signing_key`, `user_signing_key`, the
    /// last two signed by the master key, the master key signed by this device. Nothing is kept
    /// yet: the keys in use stay until `keepCrossSigningKeys` is called after the server took the
    /// new ones, so a refused or failed upload leaves this device with the keys the server has.
    public func createCrossSigningKeys() throws -> NewCrossSigningKeys {
        var body: [String: CryptoJSON] = [:]
        var kept: [NewCrossSigningKeys.Kept] = []
        var masterKey: PkSigningHandle?
        for usage in CrossSigningUsage.allCases {  // master first: it signs the other two
            let seed = OlmCall.random(PkSigningHandle.seedLength)
            let handle = try PkSigningHandle(seed: seed)
            var object = Self.crossSigningKey(user: identity.userID, usage: usage, publicKey: handle.publicKey)
            if let masterKey {
                object = SignedJSON.adding(signature: try masterKey.sign(try SignedJSON.signedBytes(object)), user: identity.userID,
                                           keyID: "ed25519:\(masterKey.publicKey)", to: object)
            } else {
                object = try database.readSync { _ in try sign(object) }
                masterKey = handle
            }
            body[usage.field] = object
            kept.append(.init(usage: usage, publicKey: handle.publicKey, sealedSeed: try SealedSeed.seal(seed, with: pickleKey)))
        }
        return NewCrossSigningKeys(upload: .object(body), kept: kept)
    }

    /// Replaces the cross-signing keys kept here with `keys` (made by `createCrossSigningKeys`),
    /// once the server holds them.
    public func keepCrossSigningKeys(_ keys: NewCrossSigningKeys) throws {
        try database.writeSync { connection in
            _ = try connection.run("DELETE FROM cross_signing_keys")
            for key in keys.kept {
                _ = try connection.run("INSERT INTO cross_signing_keys (usage, public_key, sealed_seed) VALUES (?, ?, ?)",
                                       [.text(key.usage.rawValue), .text(key.publicKey), .text(key.sealedSeed)])
            }
        }
    }

    /// This device's keys signed by the self-signing key, and the master key signed by this
    /// device, as `/keys/signatures/upload` takes them (`user → device id or key → signed
    /// object`); nil without cross-signing keys.
    public func signOwnDevice() throws -> CryptoJSON? {
        guard let selfSigning = try crossSigningHandle(.selfSigning), let master = try crossSigningPublicKey(.master) else { return nil }
        let signed = try Self.selfSigned(try signedDeviceKeys(), by: selfSigning, user: identity.userID)
        let masterByDevice = try database.readSync { _ in try sign(Self.crossSigningKey(user: identity.userID, usage: .master, publicKey: master)) }
        return .object([identity.userID: .object([identity.deviceID: signed, master: masterByDevice])])
    }

    /// Another device of this account, verified by emoji: its published `device_keys` (as
    /// `/keys/query` gives them) signed by the self-signing key, for `/keys/signatures/upload`,
    /// so every client of the person (and of their contacts) trusts it through cross-signing.
    /// Nil without a self-signing key here, or when `keys` are not the verified device's keys
    /// (another device id or signing key, or a self-signature that does not check out): a
    /// server cannot slip other keys under the signature.
    public func signOwnDevice(_ keys: CryptoJSON, verified device: DeviceKeys) throws -> CryptoJSON? {
        guard device.userID == identity.userID, device.deviceID != identity.deviceID,
              keys["user_id"]?.string == device.userID, keys["device_id"]?.string == device.deviceID,
              keys["keys"]?["ed25519:\(device.deviceID)"]?.string == device.ed25519,
              SignedJSON.verify(keys, user: device.userID, keyID: "ed25519:\(device.deviceID)", key: device.ed25519),
              let selfSigning = try crossSigningHandle(.selfSigning) else { return nil }
        return .object([identity.userID: .object([device.deviceID: try Self.selfSigned(keys, by: selfSigning, user: identity.userID)])])
    }

    private static func selfSigned(_ deviceKeys: CryptoJSON, by selfSigning: PkSigningHandle, user: String) throws -> CryptoJSON {
        let keys = deviceKeys.removing("signatures", "unsigned")
        return SignedJSON.adding(signature: try selfSigning.sign(try SignedJSON.signedBytes(keys)), user: user,
                                 keyID: "ed25519:\(selfSigning.publicKey)", to: keys)
    }

    /// The public key of this account's cross-signing key for `usage`, if made here.
    public func crossSigningPublicKey(_ usage: CrossSigningUsage) throws -> String? {
        try database.readSync { try $0.scalar("SELECT public_key FROM cross_signing_keys WHERE usage = ?", [.text(usage.rawValue)]).string }
    }

    func crossSigningHandle(_ usage: CrossSigningUsage) throws -> PkSigningHandle? {
        guard let sealed = try database.readSync({
            try $0.scalar("SELECT sealed_seed FROM cross_signing_keys WHERE usage = ?", [.text(usage.rawValue)]).string
        }) else { return nil }
        return try PkSigningHandle(seed: try SealedSeed.open(sealed, with: pickleKey))
    }

    static func crossSigningKey(user: String, usage: CrossSigningUsage, publicKey: String) -> CryptoJSON {
        .object(["user_id": .string(user), "usage": .array([.string(usage.rawValue)]), "keys": .object(["ed25519:\(publicKey)": .string(publicKey)])])
    }
}

/// Cross-signing keys made but not kept yet (see `OlmMachine.createCrossSigningKeys`).
public struct NewCrossSigningKeys: Sendable {
    struct Kept: Sendable {
        let usage: CrossSigningUsage
        let publicKey: String
        let sealedSeed: String
    }

    /// The body of `/keys/device_signing/upload`.
    public let upload: CryptoJSON
    let kept: [Kept]

    /// The new master key's public key.
    public var masterKey: String? { kept.first { $0.usage == .master }?.publicKey }
}

/// The three cross-signing keys, by the `usage` the specification names them with.
public enum CrossSigningUsage: String, CaseIterable, Sendable {
    /// First: `createCrossSigningKeys` makes it before the keys it signs.
    case master
    case selfSigning = "self_signing"
    case userSigning = "user_signing"

    /// The key's member in `/keys/device_signing/upload` and `/keys/query`.
    var field: String { "\(rawValue)_key" }

    /// The account data its private key is kept under in secret storage.
    public var secretName: String { "m.cross_signing.\(rawValue)" }
}
