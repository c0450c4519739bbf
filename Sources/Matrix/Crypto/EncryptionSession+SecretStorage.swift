import ChatCore
import FoundationEssentials
import MatrixCrypto

/// The account's secret storage (`m.secret_storage.v1.aes-hmac-sha2`, in account data): the
/// cross-signing private keys and the key backup's key, encrypted with a key the person holds as
/// a recovery key (or passphrase). A device that made or unlocked it keeps the key (sealed in
/// the crypto store) so that secrets it makes later go in without asking again.
extension EncryptionSession {
    static let defaultKeyType = "m.secret_storage.default_key"

    /// Where the account's secret storage stands for this device.
    enum SecretStorageState {
        case none
        case held(SecretStorageKey)
        /// Made on another device; the recovery key or passphrase unlocks it.
        case locked(keyID: String, description: CryptoJSON)
    }

    func secretStorageState() async throws -> SecretStorageState {
        guard let (keyID, description) = try await defaultSecretStorageKey() else { return .none }
        if let kept = try crypto.keptSecretStorageKey(), kept.keyID == keyID { return .held(kept) }
        return .locked(keyID: keyID, description: description)
    }

    /// The account's default secret storage key: its id and description, as the server has them.
    func defaultSecretStorageKey() async throws -> (keyID: String, description: CryptoJSON)? {
        let user = crypto.identity.userID
        guard let keyID = try await client.accountData(Self.defaultKeyType, of: user, as: CryptoJSON.self)?["key"]?.string,
              let description = try await client.accountData("m.secret_storage.key.\(keyID)", of: user, as: CryptoJSON.self) else {
            return nil
        }
        return (keyID, description)
    }

    /// The key new secrets go in with: the one held, or — when the account has none — a new one
    /// (from `passphrase` when given), published as the default key, whose recovery key is
    /// returned to be shown once. Locked (made elsewhere, not unlocked here): refused, as a new
    /// key would orphan the secrets the old one holds.
    func keyForNewSecrets(passphrase: String?) async throws -> (key: SecretStorageKey, newRecoveryKey: String?) {
        switch try await secretStorageState() {
        case .held(let key):
            return (key, nil)
        case .locked:
            throw ChatError.invalidInput("The account's secret storage was set up on another device; unlock it here first: tteok keys restore, with its recovery key or passphrase on standard input.")
        case .none:
            let key = try SecretStorageKey.generate(passphrase: passphrase)
            let user = crypto.identity.userID
            try await client.setAccountData("m.secret_storage.key.\(key.keyID)", of: user, to: key.description)
            try await client.setAccountData(Self.defaultKeyType, of: user, to: CryptoJSON.object(["key": .string(key.keyID)]))
            try crypto.keepSecretStorageKey(key)
            return (key, key.recoveryKey)
        }
    }

    /// Puts `secret` into account data `name`, encrypted with `key`.
    func storeSecret(_ secret: String, name: String, with key: SecretStorageKey) async throws {
        let content = CryptoJSON.object(["encrypted": .object([key.keyID: try key.encrypt(secret, name: name)])])
        try await client.setAccountData(name, of: crypto.identity.userID, to: content)
    }

    /// The secret of account data `name` encrypted with `key`; nil when none is stored for it.
    /// A stored one that does not decrypt throws (`SecretStorageKey.Failure.damaged`).
    func readSecret(_ name: String, with key: SecretStorageKey) async throws -> String? {
        guard let entry = try await client.accountData(name, of: crypto.identity.userID, as: CryptoJSON.self)?["encrypted"]?[key.keyID] else {
            return nil
        }
        return try key.decrypt(entry, name: name)
    }

    /// Stores the cross-signing private keys held here (after they were made and published).
    func storeCrossSigningSecrets(with key: SecretStorageKey) async throws {
        for (usage, secret) in try crypto.crossSigningSecrets() { try await storeSecret(secret, name: usage.secretName, with: key) }
    }

    /// Unlocks the account's secret storage with what the person typed (recovery key or
    /// passphrase; a wrong one throws `SecretStorageKey.Failure.wrongKey` and changes nothing),
    /// keeps its key, takes in the cross-signing keys it holds — each checked against the
    /// account's published ones — and signs this device with them. Returns the backup key's
    /// secret, if stored, and what was not taken in, with why.
    func unlockSecretStorage(keyID: String, description: CryptoJSON, typed: String) async throws -> SecretStorageUnlock {
        let key = try SecretStorageKey.unlock(keyID: keyID, description: description, typed: typed)
        try crypto.keepSecretStorageKey(key)
        var notes: [String] = []
        var secrets: [CrossSigningUsage: String] = [:]
        for usage in CrossSigningUsage.allCases {
            do {
                secrets[usage] = try await readSecret(usage.secretName, with: key)
            } catch let failure as SecretStorageKey.Failure {
                notes.append(failure.description)
            }
        }
        var crossSigned = false
        if !secrets.isEmpty {
            let published = try await client.queryCrossSigningKeys(of: crypto.identity.userID).compactMapValues(Self.onlyKey)
            do {
                try crypto.adoptCrossSigningKeys(secrets, published: published)
                // The server takes a signature only of device keys it holds: a command right after
                // log-in can come before the sync loop published them.
                await publishDeviceKeys()
                if let signed = try crypto.signOwnDevice() {
                    try await client.uploadSignatures(signed)
                    crossSigned = true
                    // Now verified for the person's other devices: what they refused, they answer.
                    await askAgainForKeys()
                }
            } catch let mismatch as CrossSigningMismatch {
                notes.append(mismatch.description)
            }
        }
        var backupSecret: String?
        do {
            backupSecret = try await readSecret(BackupKey.secretName, with: key)
        } catch let failure as SecretStorageKey.Failure {
            notes.append(failure.description)
        }
        return SecretStorageUnlock(backupSecret: backupSecret, crossSigned: crossSigned, notes: notes)
    }

    /// The one ed25519 key of a cross-signing key object.
    static func onlyKey(_ object: CryptoJSON) -> String? {
        guard let keys = object["keys"]?.object, keys.count == 1 else { return nil }
        return keys.values.first?.string
    }
}

/// What unlocking secret storage gave this device.
struct SecretStorageUnlock {
    var backupSecret: String?
    /// The cross-signing keys were taken in and this device is signed with them.
    var crossSigned: Bool
    var notes: [String]
}
