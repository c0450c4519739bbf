import ChatCore
import FoundationEssentials
import MatrixCrypto

/// Room keys in and out of this device: `tteok keys export FILE` / `tteok keys import FILE`, in
/// the standard Megolm key export format (Element, nio and others read and write it).
extension MatrixService: RoomKeysService {
    /// Every room key this device holds, sealed with `passphrase`; and how many there are.
    public func exportRoomKeys(passphrase: String) async throws -> (file: String, count: Int) {
        let encryption = try encryptionSession()
        do {
            let keys = try encryption.crypto.exportRoomKeys()
            return (try KeyExportFile.seal(keys, passphrase: passphrase), keys.count)
        } catch {
            throw ChatError.storage("the room keys could not be exported: \(error)")
        }
    }

    /// The keys of an export file, taken in as if they had been shared (a forged or stale key
    /// never replaces one held); placeholders of their sessions are decrypted in place. A wrong
    /// passphrase or a changed file imports nothing.
    public func importRoomKeys(_ file: String, passphrase: String) async throws -> RoomKeyImportSummary {
        let encryption = try encryptionSession()
        let opened: (keys: [ExportedRoomKey], unreadable: Int)
        do {
            opened = try KeyExportFile.open(file, passphrase: passphrase)
        } catch let failure as KeyExportFile.Failure {
            throw ChatError.invalidInput("Nothing was imported: \(failure.description).")
        }
        let result: RoomKeyImport
        do {
            result = try encryption.crypto.importRoomKeys(opened.keys)
        } catch {
            throw ChatError.storage("the room keys could not be stored: \(error)")
        }
        var decrypted = 0
        for session in Set(result.sessions).sorted() { decrypted += await encryption.retry(session: session).count }
        let unreadable = opened.unreadable > 0 ? ["\(opened.unreadable) entries of the file are not Megolm room keys"] : []
        return RoomKeyImportSummary(imported: result.imported, alreadyHeld: result.alreadyHeld, refused: result.refused + unreadable,
                                    decrypted: decrypted)
    }

    public func keyBackupStatus() async throws -> KeyBackupStatus {
        let encryption = try encryptionSession()
        guard let server = try await encryption.client.latestBackupVersion() else { return .none }
        guard let target = await encryption.backupTarget(), target.version == server.version, target.publicKey == server.publicKey else {
            return .elsewhere(version: server.version, keys: server.count ?? 0)
        }
        _ = try? await encryption.uploadPendingBackup()
        let pending = (try? encryption.crypto.roomKeysNotBackedUp(version: target.version, limit: 100_000).count) ?? 0
        let now = try await encryption.client.latestBackupVersion()
        return .active(version: target.version, keys: now?.count ?? server.count ?? 0, pending: pending)
    }

    public func setUpKeyBackup(passphrase: String?) async throws -> KeyBackupSetup {
        let encryption = try encryptionSession()
        return try await mapped {
            if let existing = try await encryption.client.latestBackupVersion() {
                throw ChatError.invalidInput("The account has a key backup already (version \(existing.version)); restore it with its recovery key (tteok keys restore).")
            }
            let storage = try await encryption.keyForNewSecrets(passphrase: passphrase)
            let key = try BackupKey.generate()
            let authData = try encryption.crypto.signBackupAuthData(.object(["public_key": .string(key.publicKey)]))
            let version = try await encryption.client.createBackupVersion(authData: authData)
            try await encryption.storeSecret(key.secret, name: BackupKey.secretName, with: storage.key)
            try await encryption.setBackupTarget(version: version, publicKey: key.publicKey)
            let uploaded = try await encryption.uploadPendingBackup()
            return KeyBackupSetup(recoveryKey: storage.newRecoveryKey, version: version, uploaded: uploaded)
        }
    }

    public func restoreKeyBackup(recoveryKey typed: String) async throws -> KeyRecoverySummary {
        let encryption = try encryptionSession()
        return try await mapped { try await encryption.recover(typed: typed) }
    }

    public func secretStorageIsLocked() async throws -> Bool {
        let encryption = try encryptionSession()
        return try await mapped {
            guard case .locked = try await encryption.secretStorageState() else { return false }
            return true
        }
    }

    /// The signed-in member's end-to-end encryption, or why there is none.
    private func encryptionSession() throws -> EncryptionSession {
        guard let encryption = try member().encryption else { throw ChatError.unsupported("end-to-end encryption is off for this session") }
        return encryption
    }
}
