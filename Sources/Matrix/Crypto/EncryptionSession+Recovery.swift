import ChatCore
import FoundationEssentials
import MatrixCrypto

/// A device getting the person's keys back with what they wrote down: the recovery key (or
/// passphrase) of the account's secret storage, which holds the cross-signing keys and the key
/// backup's key — or, for a backup kept without secret storage, the backup's own recovery key.
extension EncryptionSession {
    func recover(typed: String) async throws -> KeyRecoverySummary {
        let server = try await client.latestBackupVersion()
        if let server, server.algorithm != BackupKey.algorithm || server.publicKey == nil {
            throw ChatError.unsupported("the account's key backup uses \(server.algorithm), which tteok cannot read")
        }
        var unlocked: SecretStorageUnlock?
        var storageRefusal: String?
        if let (keyID, description) = try await defaultSecretStorageKey() {
            do {
                unlocked = try await unlockSecretStorage(keyID: keyID, description: description, typed: typed)
            } catch let failure as SecretStorageKey.Failure {
                // Perhaps the backup's own recovery key, from before the secret storage was made.
                guard server != nil, (try? RecoveryKey.decode(typed)) != nil else { throw Self.nothingRestored(failure.description) }
                storageRefusal = failure.description
            } catch let failure as RecoveryKey.Failure {
                throw Self.nothingRestored(failure.description)
            }
        }
        var notes = unlocked?.notes ?? []
        guard let server, let publicKey = server.publicKey else {
            guard let unlocked else { throw ChatError.invalidInput("The account has no key backup and no secret storage.") }
            return KeyRecoverySummary(roomKeys: nil, crossSigned: unlocked.crossSigned, notes: notes)
        }
        let key: BackupKey
        do {
            if let secret = unlocked?.backupSecret {
                key = try BackupKey(secret: secret, expectedPublicKey: publicKey)
            } else {
                key = try BackupKey(recoveryKey: typed, expectedPublicKey: publicKey)
            }
        } catch {
            let why = "\(error)"
            guard let unlocked else { throw Self.nothingRestored(storageRefusal ?? why) }
            notes.append("the key backup was not restored: \(unlocked.backupSecret == nil ? "the secret storage holds no backup key" : why)")
            return KeyRecoverySummary(roomKeys: nil, crossSigned: unlocked.crossSigned, notes: notes)
        }
        let roomKeys = try await restoreBackup(version: server.version, with: key)
        try await setBackupTarget(version: server.version, publicKey: publicKey)
        await signBackupIfUnsigned(server)
        _ = try? await uploadPendingBackup()
        return KeyRecoverySummary(roomKeys: roomKeys, crossSigned: unlocked?.crossSigned ?? false, notes: notes)
    }

    /// Adds this person's master key's signature to the backup's `auth_data` when it lacks one
    /// and the master key is held here (a backup made before cross-signing was set up). Best
    /// effort: a refusal leaves the backup as it was.
    private func signBackupIfUnsigned(_ server: BackupVersion) async {
        guard let master = try? crypto.crossSigningPublicKey(.master),
              server.auth_data["signatures"]?[crypto.identity.userID]?["ed25519:\(master)"] == nil,
              let signed = try? crypto.signBackupAuthData(server.auth_data) else { return }
        try? await client.updateBackupVersion(server.version, authData: signed)
    }

    private static func nothingRestored(_ why: String) -> ChatError {
        ChatError.invalidInput("Nothing was restored: \(why).")
    }
}
