import FoundationEssentials

/// The key of a server-side key backup (`m.megolm_backup.v1.curve25519-aes-sha2`): a curve25519
/// key pair. The server holds only the public key; the private key exists on this machine only
/// while a backup is made or restored, and for the person as the recovery key.
public struct BackupKey: Sendable {
    public static let algorithm = "m.megolm_backup.v1.curve25519-aes-sha2"

    private let privateKey: [UInt8]
    /// The public key (unpadded base64), the backup version's `auth_data.public_key`.
    public let publicKey: String

    public enum Failure: Error, Hashable, CustomStringConvertible {
        case notThisBackup
        case unreadable(String)

        public var description: String {
            switch self {
            case .notThisBackup: return "this recovery key is not the key of the server's backup"
            case .unreadable(let why): return "a backed-up key could not be decrypted (\(why))"
            }
        }
    }

    private init(privateKey: [UInt8]) throws {
        self.privateKey = privateKey
        publicKey = try PkDecryptionHandle(privateKey: privateKey).publicKey
    }

    /// A new random key.
    public static func generate() throws -> BackupKey {
        try BackupKey(privateKey: OlmCall.random(PkDecryptionHandle.privateKeyLength))
    }

    /// The key a recovery key stands for, checked against the backup's public key: a wrong
    /// recovery key is refused before anything is downloaded or decrypted.
    public init(recoveryKey: String, expectedPublicKey: String) throws {
        try self.init(privateKey: try RecoveryKey.decode(recoveryKey))
        guard publicKey == expectedPublicKey else { throw Failure.notThisBackup }
    }

    /// The key as secret storage keeps it (`m.megolm_backup.v1`), checked against the backup's
    /// public key: a secret that is not this backup's key is refused.
    public init(secret: String, expectedPublicKey: String) throws {
        guard let bytes = Base64.decode(secret), bytes.count == PkDecryptionHandle.privateKeyLength else { throw Failure.notThisBackup }
        try self.init(privateKey: bytes)
        guard publicKey == expectedPublicKey else { throw Failure.notThisBackup }
    }

    /// The name of the secret the key is kept under in secret storage.
    public static let secretName = "m.megolm_backup.v1"

    /// The private key in unpadded base64, as secret storage keeps it.
    public var secret: String { Base64.unpadded(privateKey) }

    /// What the person writes down, shown once.
    public var recoveryKey: String { RecoveryKey.encode(privateKey) }

    /// The `KeyBackupData` of one room key for upload (`PUT /room_keys/keys`).
    public static func backupData(for key: ExportedRoomKey, publicKey: String) throws -> CryptoJSON {
        let sealed = try PkEncryption.encrypt(try CanonicalJSON.data(key.json(withIDs: false)), for: publicKey)
        let firstIndex = try MegolmInboundHandle.importing(exportedKey: key.sessionKey).firstKnownIndex
        return .object([
            "first_message_index": .integer(Int64(firstIndex)),
            "forwarded_count": .integer(Int64(key.forwardingChain.count)),
            "is_verified": .bool(false),
            "session_data": .object(["ciphertext": .string(sealed.ciphertext), "mac": .string(sealed.mac), "ephemeral": .string(sealed.ephemeral)]),
        ])
    }

    /// One backed-up room key (`KeyBackupData`), its room and session id from where the server
    /// listed it. A bad MAC or a plaintext that is no Megolm key throws `Failure.unreadable`.
    public func open(_ backupData: CryptoJSON, room: String, sessionID: String) throws -> ExportedRoomKey {
        let data = backupData["session_data"]
        guard let ciphertext = data?["ciphertext"]?.string, let mac = data?["mac"]?.string, let ephemeral = data?["ephemeral"]?.string else {
            throw Failure.unreadable("missing fields")
        }
        let plaintext: Data
        do {
            plaintext = try PkDecryptionHandle(privateKey: privateKey).decrypt(ciphertext: ciphertext, mac: mac, ephemeral: ephemeral)
        } catch let failure as OlmFailure {
            throw Failure.unreadable(failure.reason)
        }
        guard let json = try? CryptoJSON(parsing: plaintext), let key = ExportedRoomKey(json, room: room, sessionID: sessionID) else {
            throw Failure.unreadable("not a Megolm room key")
        }
        return key
    }
}
