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
    /// and returns the recovery key — shown once, never stored by tteok.
    func setUpKeyBackup() async throws -> (recoveryKey: String, version: String, uploaded: Int)

    /// Restores the account's backup with its recovery key (a wrong one is refused before
    /// anything is downloaded); from then on this device uploads its new keys to it.
    func restoreKeyBackup(recoveryKey: String) async throws -> RoomKeyImportSummary
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
