import ChatCore
import FoundationEssentials
import Glibc

/// Creates the community file and its directory with safe permissions before SQLite opens it.
///
/// - The directory, when tteok creates it, is 0700: the default location is the user's own data
///   directory.
/// - A file a user opens directly is 0660 (today's sharing by group, which every sharer can
///   forge: see README's "Sharing a community on a host"). SQLite gives the `-wal` and `-shm`
///   files the same mode as the database file.
/// - The service's file is 0600, owned by the user running `tteok serve`.
enum StoreFile {
    static let fileMode: mode_t = 0o660
    static let serviceMode: mode_t = 0o600
    static let directoryMode = 0o700

    static func prepare(_ url: URL, mode: mode_t = fileMode) throws {
        try prepareDirectory(of: url)
        let descriptor = open(url.path, O_CREAT | O_EXCL | O_RDWR | O_CLOEXEC, mode)
        if descriptor >= 0 {
            // Exactly `mode` whatever the umask said.
            fchmod(descriptor, mode)
            close(descriptor)
        } else if errno != EEXIST {
            throw ChatError.storage("cannot create \(url.path): \(String(cString: strerror(errno)))")
        }
    }

    /// Creates the file's directory (0700) when missing.
    static func prepareDirectory(of url: URL) throws {
        let directory = url.deletingLastPathComponent()
        guard !FileManager.default.fileExists(atPath: directory.path) else { return }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: directoryMode])
        } catch {
            throw ChatError.storage("cannot create \(directory.path): \(ErrorText.describe(error))")
        }
    }

    /// Makes an existing file (and its `-wal`/`-shm`) owner-only, refusing one that belongs to
    /// another user: the service must be run by the file's owner.
    static func restrict(_ url: URL) throws {
        for path in [url.path, url.path + "-wal", url.path + "-shm"] {
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            guard (info.st_mode & S_IFMT) == S_IFREG else { throw ChatError.storage("\(path) is not a regular file") }
            guard info.st_uid == geteuid() else {
                throw ChatError.storage("\(path) belongs to uid \(info.st_uid); run tteok serve as the file's owner")
            }
            guard chmod(path, serviceMode) == 0 else {
                throw ChatError.storage("cannot make \(path) private: \(String(cString: strerror(errno)))")
            }
        }
    }
}
