/// End-to-end encryption keys a user carries between devices (Matrix: Megolm room keys in the
/// standard key export format). A backend without them is not one; asked for with `as?`.
public protocol RoomKeysService: AnyObject, Sendable {
    /// Every room key this device holds, sealed with `passphrase` as the text of an export
    /// file; and how many keys it holds.
    func exportRoomKeys(passphrase: String) async throws -> (file: String, count: Int)

    /// Takes in the keys of an export file's text; a wrong passphrase or a changed file
    /// imports nothing (`ChatError.invalidInput`). Messages the keys unlock read as text.
    func importRoomKeys(_ file: String, passphrase: String) async throws -> RoomKeyImportSummary
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
