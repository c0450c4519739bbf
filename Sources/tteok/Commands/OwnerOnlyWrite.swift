import ChatCore
import FoundationEssentials
import Glibc

/// Writes a new file readable by its owner only; an existing file (or a link in its place) is
/// refused rather than replaced.
enum OwnerOnlyWrite {
    static func create(_ path: String, contents: Data) throws {
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw ChatError.invalidInput(errno == EEXIST ? "\(path) exists; choose a new file name." : "Cannot create \(path): \(String(cString: strerror(errno))).")
        }
        defer { close(descriptor) }
        fchmod(descriptor, 0o600)
        let written = contents.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == contents.count, fsync(descriptor) == 0 else {
            unlink(path)
            throw ChatError.storage("\(path) could not be written")
        }
    }
}
