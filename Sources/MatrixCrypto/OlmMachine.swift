import FoundationEssentials
import Glibc
import Storage

/// `EndToEndCrypto` over libolm, its state in a SQLite file of its own (0600) with every pickle
/// encrypted by the key in a 0600 file beside it.
///
/// libolm objects are not thread-safe: every use of them (and of the in-memory session handles
/// below) happens inside the store's `readSync`/`writeSync`, which run on the database's one
/// serial queue — so that queue is the lock, and a change and its pickle commit together.
public final class OlmMachine: EndToEndCrypto, @unchecked Sendable {
    /// Olm and Megolm, the algorithms this device announces.
    public static let olmAlgorithm = "m.olm.v1.curve25519-aes-sha2"
    public static let megolmAlgorithm = "m.megolm.v1.aes-sha2"

    public let identity: DeviceIdentity
    let database: Database
    let pickleKey: [UInt8]
    // Touched only on the database's queue (see above).
    let account: OlmAccountHandle
    var inboundSessions: [String: HeldInboundSession] = [:]

    /// Opens (creating) the crypto store at `path` for `userID`'s device `deviceID`, with the
    /// pickle key in `keyFile`. A store made for another device id (an earlier login) gets a
    /// new account; the Megolm keys it received stay (they still read that history).
    public init(path: URL, keyFile: URL, userID: String, deviceID: String) throws {
        try OwnerOnlyFile.prepare(path)
        var configuration = Database.Configuration()
        configuration.observesOtherProcesses = false
        // Nothing observes the store: its callers are told what each call changed.
        configuration.recordsRowChanges = false
        let database = try Database(path: path.path, migrations: CryptoSchema.migrations, configuration: configuration)
        let stored = try database.readSync { try $0.queryRow("SELECT user_id, device_id, pickle FROM account WHERE id = 1") }
        let key = try PickleKey.load(keyFile, create: stored == nil)
        let account: OlmAccountHandle
        if let stored, stored["user_id"].string == userID, stored["device_id"].string == deviceID, let pickle = stored["pickle"].string {
            account = try OlmAccountHandle.unpickle(pickle, key: key)
        } else {
            account = try OlmAccountHandle.create()
            let pickle = try account.pickle(key: key)
            try database.writeSync { connection in
                _ = try connection.run("DELETE FROM olm_sessions")
                _ = try connection.run("DELETE FROM outbound_group_sessions")
                _ = try connection.run("INSERT OR REPLACE INTO account (id, user_id, device_id, pickle) VALUES (1, ?, ?, ?)",
                                       [.text(userID), .text(deviceID), .text(pickle)])
            }
        }
        let keys = try account.identityKeys()
        self.identity = DeviceIdentity(userID: userID, deviceID: deviceID, curve25519: keys.curve25519, ed25519: keys.ed25519)
        self.database = database
        self.pickleKey = key
        self.account = account
    }

    /// Writes the account's pickle (after its one-time keys changed).
    func saveAccount(in connection: Connection) throws {
        _ = try connection.run("UPDATE account SET pickle = ? WHERE id = 1", [.text(try account.pickle(key: pickleKey))])
    }

    var signingKeyID: String { "ed25519:\(identity.deviceID)" }

    func sign(_ object: CryptoJSON) throws -> CryptoJSON {
        let signature = try account.sign(try SignedJSON.signedBytes(object))
        return SignedJSON.adding(signature: signature, user: identity.userID, keyID: signingKeyID, to: object)
    }

    // MARK: Keys for upload

    public func signedDeviceKeys() throws -> CryptoJSON {
        try database.readSync { _ in
            try sign(.object([
                "user_id": .string(identity.userID),
                "device_id": .string(identity.deviceID),
                "algorithms": .array([.string(Self.olmAlgorithm), .string(Self.megolmAlgorithm)]),
                "keys": .object([
                    "curve25519:\(identity.deviceID)": .string(identity.curve25519),
                    "ed25519:\(identity.deviceID)": .string(identity.ed25519),
                ]),
            ]))
        }
    }

    public func oneTimeKeysToUpload(serverCount: Int) throws -> [String: CryptoJSON] {
        try database.writeSync { connection in
            // Keep the server at half of what the account can hold, as other clients do: the
            // other half absorbs keys claimed while an upload is on its way.
            let target = account.maxOneTimeKeys / 2
            let unpublished = try account.oneTimeKeys()
            let missing = target - serverCount - unpublished.count
            if missing > 0 {
                try account.generateOneTimeKeys(missing)
                try saveAccount(in: connection)
            } else if unpublished.isEmpty {
                return [:]
            }
            var result: [String: CryptoJSON] = [:]
            for (id, key) in try account.oneTimeKeys() {
                result["signed_curve25519:\(id)"] = try sign(.object(["key": .string(key)]))
            }
            return result
        }
    }

    public func markOneTimeKeysPublished() throws {
        try database.writeSync { connection in
            account.markKeysAsPublished()
            try saveAccount(in: connection)
        }
    }

    public var deviceKeysPublished: Bool {
        let published = try? database.readSync { try $0.scalar("SELECT published_keys FROM account WHERE id = 1").string }
        return published == identity.curve25519
    }

    public func markDeviceKeysPublished() throws {
        try database.writeSync { _ = try $0.run("UPDATE account SET published_keys = ? WHERE id = 1", [.text(identity.curve25519)]) }
    }
}

/// Creates a file 0600 before SQLite opens it (SQLite gives `-wal` and `-shm` the main file's
/// mode), whatever the umask, its folder 0700.
enum OwnerOnlyFile {
    struct FileFailure: Error, CustomStringConvertible { let description: String }

    static func prepare(_ url: URL) throws {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let descriptor = open(url.path, O_CREAT | O_RDWR | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw FileFailure(description: "cannot create \(url.path): \(String(cString: strerror(errno)))") }
        fchmod(descriptor, 0o600)
        close(descriptor)
        for suffix in ["-wal", "-shm"] { chmod(url.path + suffix, 0o600) }
    }
}
