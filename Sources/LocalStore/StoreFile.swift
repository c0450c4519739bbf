import ChatCore
import Foundation

/// Creates the community file and its directory with safe permissions before SQLite opens it.
///
/// - The directory, when tteok creates it, is 0700: the default location is the user's own data
///   directory.
/// - The file is 0660: it holds yescrypt hashes and session digests, so others get nothing, but
///   a community is meant to be shared, so a group can be given access by placing the file in a
///   group-owned directory. 0600 would make sharing impossible. SQLite gives the `-wal` and `-shm`
///   files the same mode as the database file.
enum StoreFile {
    static let fileMode: mode_t = 0o660
    static let directoryMode = 0o700

    static func prepare(_ url: URL) throws {
        let directory = url.deletingLastPathComponent()
        if !FileManager.default.fileExists(atPath: directory.path) {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: directoryMode])
            } catch {
                throw ChatError.storage("cannot create \(directory.path): \(error.localizedDescription)")
            }
        }
        let descriptor = open(url.path, O_CREAT | O_EXCL | O_RDWR | O_CLOEXEC, fileMode)
        if descriptor >= 0 {
            // Exactly 0660 whatever the umask said.
            fchmod(descriptor, fileMode)
            close(descriptor)
        } else if errno != EEXIST {
            throw ChatError.storage("cannot create \(url.path): \(String(cString: strerror(errno)))")
        }
    }
}
