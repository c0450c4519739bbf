import FoundationEssentials
import Storage

/// The secrets this device puts into the account's secret storage and takes out of it: the
/// secret storage key itself (kept sealed once made or unlocked here) and the cross-signing
/// private keys.
extension OlmMachine {
    /// The secret storage key kept on this device, if it made or unlocked one.
    public func keptSecretStorageKey() throws -> SecretStorageKey? {
        guard let row = try database.readSync({ try $0.queryRow("SELECT key_id, description, sealed_key FROM secret_storage_key WHERE id = 1") }),
              let keyID = row["key_id"].string, let description = row["description"].string, let sealed = row["sealed_key"].string else {
            return nil
        }
        return try SecretStorageKey(keyID: keyID, bytes: try SealedSeed.open(sealed, with: pickleKey, purpose: SealedSeed.secretStorageKey),
                                    description: try CryptoJSON(parsing: Data(description.utf8)))
    }

    /// Keeps `key` (sealed) in place of any kept before.
    public func keepSecretStorageKey(_ key: SecretStorageKey) throws {
        let sealed = try SealedSeed.seal(key.bytes, with: pickleKey, purpose: SealedSeed.secretStorageKey)
        let description = String(decoding: try CanonicalJSON.data(key.description), as: UTF8.self)
        try database.writeSync { connection in
            _ = try connection.run("INSERT OR REPLACE INTO secret_storage_key (id, key_id, description, sealed_key) VALUES (1, ?, ?, ?)",
                                   [.text(key.keyID), .text(description), .text(sealed)])
        }
    }

    /// The cross-signing private keys held here, as secret storage keeps them (the seed in
    /// unpadded base64), by usage.
    public func crossSigningSecrets() throws -> [CrossSigningUsage: String] {
        let rows = try database.readSync { try $0.query("SELECT usage, sealed_seed FROM cross_signing_keys") }
        var secrets: [CrossSigningUsage: String] = [:]
        for row in rows {
            guard let usage = row["usage"].string.flatMap(CrossSigningUsage.init(rawValue:)), let sealed = row["sealed_seed"].string else { continue }
            secrets[usage] = Base64.unpadded(try SealedSeed.open(sealed, with: pickleKey))
        }
        return secrets
    }

    /// Takes in cross-signing private keys from secret storage. Each must be the private key of
    /// the public key the account publishes for its usage (`published`, from `/keys/query`):
    /// otherwise nothing is taken and `CrossSigningMismatch` names the first that is not.
    /// Returns the usages taken in.
    @discardableResult
    public func adoptCrossSigningKeys(_ secrets: [CrossSigningUsage: String], published: [CrossSigningUsage: String]) throws -> [CrossSigningUsage] {
        var rows: [(CrossSigningUsage, String, [UInt8])] = []
        for usage in CrossSigningUsage.allCases {
            guard let secret = secrets[usage] else { continue }
            guard let seed = Base64.decode(secret), seed.count == PkSigningHandle.seedLength,
                  let handle = try? PkSigningHandle(seed: seed), handle.publicKey == published[usage] else {
                throw CrossSigningMismatch(usage: usage)
            }
            rows.append((usage, handle.publicKey, seed))
        }
        let sealed = try rows.map { ($0.0, $0.1, try SealedSeed.seal($0.2, with: pickleKey)) }
        try database.writeSync { connection in
            for (usage, publicKey, seed) in sealed {
                _ = try connection.run("INSERT OR REPLACE INTO cross_signing_keys (usage, public_key, sealed_seed) VALUES (?, ?, ?)",
                                       [.text(usage.rawValue), .text(publicKey), .text(seed)])
            }
        }
        return rows.map(\.0)
    }

    /// A key backup's `auth_data` signed by this device and, when held here, the master key —
    /// so the person's other devices can tell the backup was made by them, not the server.
    public func signBackupAuthData(_ authData: CryptoJSON) throws -> CryptoJSON {
        var signed = try database.readSync { _ in try sign(authData) }
        if let master = try crossSigningHandle(.master) {
            signed = SignedJSON.adding(signature: try master.sign(try SignedJSON.signedBytes(signed)), user: identity.userID,
                                       keyID: "ed25519:\(master.publicKey)", to: signed)
        }
        return signed
    }
}

/// A cross-signing private key from secret storage that is not the key the account publishes.
public struct CrossSigningMismatch: Error, Hashable, CustomStringConvertible {
    public let usage: CrossSigningUsage

    public var description: String {
        "the secret storage's \(usage.rawValue.replacing("_", with: "-")) key is not the one the account publishes; it was not used"
    }
}
