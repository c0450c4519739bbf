import ChatCore
import FoundationEssentials
import MatrixCrypto

/// Server-side key backup: room keys uploaded, encrypted for the backup's public key, as they
/// arrive; restored on a new device with the recovery key. The backup version and its public
/// key are kept in the cache's meta (the public key is no secret); the private key is never
/// stored — it is the recovery key the person keeps.
extension EncryptionSession {
    static let backupVersionMeta = "e2e_backup_version"
    static let backupKeyMeta = "e2e_backup_public_key"
    static let backupBatch = 200

    /// The backup this device uploads to, when one was set up or restored here.
    func backupTarget() async -> (version: String, publicKey: String)? {
        guard let version = try? await cache.meta(Self.backupVersionMeta), let key = try? await cache.meta(Self.backupKeyMeta) else { return nil }
        return (version, key)
    }

    func setBackupTarget(version: String, publicKey: String) async throws {
        try await cache.setMeta(Self.backupKeyMeta, publicKey)
        try await cache.setMeta(Self.backupVersionMeta, version)
    }

    /// Uploads every room key not yet in the backup; returns how many went up. Offline or
    /// refused: the keys stay pending and go with the next call.
    @discardableResult
    func uploadPendingBackup() async throws -> Int {
        guard let target = await backupTarget() else { return 0 }
        var uploaded = 0
        while true {
            let keys = try crypto.roomKeysNotBackedUp(version: target.version, limit: Self.backupBatch)
            guard !keys.isEmpty else { return uploaded }
            var rooms: [String: [String: CryptoJSON]] = [:]
            for key in keys { rooms[key.roomID, default: [:]][key.sessionID] = try BackupKey.backupData(for: key, publicKey: target.publicKey) }
            try await client.uploadBackup(version: target.version, rooms: rooms)
            try crypto.markBackedUp(keys, version: target.version)
            uploaded += keys.count
        }
    }

    /// Every key of the server's backup, decrypted with `key` and taken in like an imported file
    /// (a forged entry never replaces a key held); then placeholders of those sessions are
    /// decrypted in place. Entries that do not decrypt are listed, not fatal.
    func restoreBackup(version: String, with key: BackupKey) async throws -> RoomKeyImportSummary {
        var keys: [ExportedRoomKey] = [], unreadable: [String] = []
        for (room, sessions) in try await client.downloadBackup(version: version) {
            for (sessionID, data) in sessions {
                do {
                    keys.append(try key.open(data, room: room, sessionID: sessionID))
                } catch {
                    unreadable.append("session \(sessionID) in \(room): \(error)")
                }
            }
        }
        let result = try crypto.importRoomKeys(keys)
        // What came from the backup and was stored is in it already.
        try crypto.markBackedUp(keys.filter { result.sessions.contains($0.sessionID) }, version: version)
        var decrypted = 0
        for session in Set(result.sessions).sorted() { decrypted += await retry(session: session).count }
        return RoomKeyImportSummary(imported: result.imported, alreadyHeld: result.alreadyHeld, refused: result.refused + unreadable,
                                    decrypted: decrypted)
    }
}
