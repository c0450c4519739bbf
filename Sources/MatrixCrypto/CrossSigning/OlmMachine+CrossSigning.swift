import Foundation
import Storage

/// This account's cross-signing keys: a master key that vouches for a self-signing key (which
/// signs this user's devices) and a user-signing key (which signs other users' master keys).
extension OlmMachine {
    /// Makes new cross-signing keys, keeps their seeds (sealed) and returns the body of
    /// `/keys/device_signing/upload`: `master_key`, `self_signing_key`, `user_signing_key`, the
    /// last two signed by the master key, the master key signed by this device.
    public func createCrossSigningKeys() throws -> CryptoJSON {
        try database.writeSync { connection in
            var body: [String: CryptoJSON] = [:]
            var handles: [CrossSigningUsage: (PkSigningHandle, [UInt8])] = [:]
            for usage in CrossSigningUsage.allCases {
                let seed = OlmCall.random(PkSigningHandle.seedLength)
                handles[usage] = (try PkSigningHandle(seed: seed), seed)
            }
            guard let (masterKey, _) = handles[.master] else { return .object([:]) }
            _ = try connection.run("DELETE FROM cross_signing_keys")
            for usage in CrossSigningUsage.allCases {
                guard let (handle, seed) = handles[usage] else { continue }
                var object = Self.crossSigningKey(user: identity.userID, usage: usage, publicKey: handle.publicKey)
                if usage == .master {
                    object = try sign(object)
                } else {
                    object = SignedJSON.adding(signature: try masterKey.sign(try SignedJSON.signedBytes(object)), user: identity.userID,
                                               keyID: "ed25519:\(masterKey.publicKey)", to: object)
                }
                body[usage.field] = object
                _ = try connection.run("INSERT INTO cross_signing_keys (usage, public_key, sealed_seed) VALUES (?, ?, ?)",
                                       [.text(usage.rawValue), .text(handle.publicKey), .text(try SealedSeed.seal(seed, with: pickleKey))])
            }
            return .object(body)
        }
    }

    /// This device's keys signed by the self-signing key, and the master key signed by this
    /// device, as `/keys/signatures/upload` takes them (`user → device id or key → signed
    /// object`); nil without cross-signing keys.
    public func signOwnDevice() throws -> CryptoJSON? {
        guard let selfSigning = try crossSigningHandle(.selfSigning), let master = try crossSigningPublicKey(.master) else { return nil }
        let keys = try signedDeviceKeys().removing("signatures", "unsigned")
        let signed = SignedJSON.adding(signature: try selfSigning.sign(try SignedJSON.signedBytes(keys)), user: identity.userID,
                                       keyID: "ed25519:\(selfSigning.publicKey)", to: keys)
        let masterByDevice = try database.readSync { _ in try sign(Self.crossSigningKey(user: identity.userID, usage: .master, publicKey: master)) }
        return .object([identity.userID: .object([identity.deviceID: signed, master: masterByDevice])])
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

/// The three cross-signing keys, by the `usage` the specification names them with.
public enum CrossSigningUsage: String, CaseIterable, Sendable {
    case master
    case selfSigning = "self_signing"
    case userSigning = "user_signing"

    /// The key's member in `/keys/device_signing/upload` and `/keys/query`.
    var field: String { "\(rawValue)_key" }

    /// The account data its private key is kept under in secret storage.
    public var secretName: String { "m.cross_signing.\(rawValue)" }
}
