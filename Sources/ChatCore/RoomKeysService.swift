/// End-to-end encryption keys a user carries between devices (Matrix: Megolm room keys in the
/// standard key export format). A backend without them is not one; asked for with `as?`.
public protocol RoomKeysService: AnyObject, Sendable {
    /// Every room key this device holds, sealed with `passphrase` as the text of an export
    /// file; and how many keys it holds.
    func exportRoomKeys(passphrase: String) async throws -> (file: String, count: Int)

    /// Takes in the keys of an export file's text; a wrong passphrase or a changed file
    /// imports nothing (`ChatError.invalidInput`). Messages the keys unlock read as text.
    func importRoomKeys(_ file: String, passphrase: String) async throws -> RoomKeyImportSummary

    /// The account's server-side key backup as this device sees it.
    func keyBackupStatus() async throws -> KeyBackupStatus

    /// Makes a server-side key backup when the account has none, uploads every room key held,
    /// and keeps the backup's key in the account's secret storage — made now when the account
    /// has none (its key derived from `passphrase` when given), and then its recovery key is
    /// returned, to be shown once: tteok never stores it.
    func setUpKeyBackup(passphrase: String?) async throws -> KeyBackupSetup

    /// Unlocks the account's secret storage with its recovery key or passphrase — or, for a
    /// backup kept without one, takes the backup's own recovery key — and restores the backup
    /// (a wrong key is refused before anything is downloaded); the cross-signing keys found
    /// there sign this device. From then on this device uploads its new keys to the backup.
    func restoreKeyBackup(recoveryKey: String) async throws -> KeyRecoverySummary

    /// True when the account keeps keys in secret storage that this device has not unlocked (it
    /// was made on another device): the recovery key or passphrase would bring them here. Why:
    /// a new device reads no earlier history until then, so the person is asked at once.
    func secretStorageIsLocked() async throws -> Bool
}

/// A key backup just made.
public struct KeyBackupSetup: Sendable, Hashable {
    /// The recovery key of the secret storage made with it; nil when the account had one.
    public let recoveryKey: String?
    public let version: String
    public let uploaded: Int

    public init(recoveryKey: String?, version: String, uploaded: Int) {
        self.recoveryKey = recoveryKey
        self.version = version
        self.uploaded = uploaded
    }
}

/// What a recovery with the recovery key (or passphrase) gave this device.
public struct KeyRecoverySummary: Sendable, Hashable {
    /// The backup's room keys, when the account has a backup this key opens.
    public let roomKeys: RoomKeyImportSummary?
    /// The cross-signing keys were taken in and this device is now signed with them.
    public let crossSigned: Bool
    /// What could not be taken in, and why.
    public let notes: [String]

    public init(roomKeys: RoomKeyImportSummary?, crossSigned: Bool, notes: [String]) {
        self.roomKeys = roomKeys
        self.crossSigned = crossSigned
        self.notes = notes
    }
}

/// Where the account's server-side key backup stands.
public enum KeyBackupStatus: Sendable, Hashable {
    /// The account has no backup.
    case none
    /// A backup exists that this device does not upload to (restore it with its recovery key first).
    case elsewhere(version: String, keys: Int)
    /// This device uploads its keys to `version`; the server holds `keys`, `pending` wait to go up.
    case active(version: String, keys: Int, pending: Int)
}

/// What importing room keys did.
public struct RoomKeyImportSummary: Sendable, Hashable {
    /// Keys stored (new, or reaching further back than the copy held).
    public let imported: Int
    /// Keys already held as well or better.
    public let alreadyHeld: Int
    /// Keys refused, with why (not the session they name, or conflicting with a key held), and
    /// entries that were not room keys.
    public let refused: [String]
    /// Messages that were placeholders and now read as text.
    public let decrypted: Int

    public init(imported: Int, alreadyHeld: Int, refused: [String], decrypted: Int) {
        self.imported = imported
        self.alreadyHeld = alreadyHeld
        self.refused = refused
        self.decrypted = decrypted
    }
}
