import FoundationEssentials
import Glibc

/// Where this device's identity is kept: the libolm account, its Olm sessions, the room keys it
/// holds and the key their pickles are sealed with. They are no cache — deleting `~/.cache/tteok`
/// must not make a new device of the same session and leave its history undecryptable — so they
/// live with the session file that names the device, in the state directory (owner-only folders).
struct KeyStoreLocation: Equatable, Sendable {
    /// The store's SQLite file.
    let store: URL
    /// The file of the key the store's pickles are sealed with.
    let keyFile: URL

    init(base: URL) {
        store = base.appendingPathExtension("crypto.sqlite")
        keyFile = base.appendingPathExtension("crypto-key")
    }

    /// `SESSION-FOLDER/keys/matrix/HOST_PORT/USER.crypto.sqlite` and `USER.crypto-key`.
    static func account(_ userID: String, on homeserver: URL, sessionFile: URL) -> KeyStoreLocation {
        let folder = sessionFile.deletingLastPathComponent().appendingPathComponent("keys")
        return KeyStoreLocation(base: MatrixCache.accountBase(in: folder, homeserver: homeserver, userID: userID))
    }

    /// Where tteok kept the store before it moved: beside the account's cache file.
    static func beside(cacheFile: URL) -> KeyStoreLocation {
        KeyStoreLocation(base: cacheFile.deletingPathExtension())
    }

    private var files: [URL] {
        [store, URL(fileURLWithPath: store.path + "-wal"), URL(fileURLWithPath: store.path + "-shm"), keyFile]
    }

    /// Creates the folders owner-only and takes over a store left at `old` by an earlier tteok.
    /// The sealing key moves last and decides: while it is still at `old`, whatever of the store
    /// is left there moves too, so a move cut short is finished on the next start.
    func prepare(adopting old: KeyStoreLocation) throws {
        let manager = FileManager.default
        var folders: [URL] = []
        var folder = store.deletingLastPathComponent()
        for _ in 0..<4 {
            folders.insert(folder, at: 0)
            folder = folder.deletingLastPathComponent()
        }
        for folder in folders {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            chmod(folder.path, 0o700)
        }
        guard old != self, manager.fileExists(atPath: old.keyFile.path), !manager.fileExists(atPath: keyFile.path) else { return }
        for (from, to) in zip(old.files, files) where manager.fileExists(atPath: from.path) {
            if manager.fileExists(atPath: to.path) { try manager.removeItem(at: to) }
            try manager.moveItem(at: from, to: to)
        }
    }
}
