import FoundationEssentials
import Glibc

/// The key that encrypts every libolm pickle in the crypto store: 32 random bytes in a file of
/// their own (0600, created exclusively), so the store alone — a copied cache, a backup — does
/// not give away the account.
enum PickleKey {
    struct Missing: Error, CustomStringConvertible {
        let path: String
        var description: String { "the crypto store's key file \(path) is missing or damaged; its keys cannot be read" }
    }

    static let length = 32

    /// Reads the key at `url`, creating it when `create` is true and it does not exist.
    static func load(_ url: URL, create: Bool) throws -> [UInt8] {
        if let data = try? Data(contentsOf: url) {
            guard data.count == length else { throw Missing(path: url.path) }
            return Array(data)
        }
        guard create else { throw Missing(path: url.path) }
        var key = OlmCall.random(length)
        let descriptor = open(url.path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw Missing(path: url.path) }
        defer { close(descriptor) }
        fchmod(descriptor, 0o600)
        let written = key.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == length, fsync(descriptor) == 0 else {
            OlmCall.wipe(&key)
            unlink(url.path)
            throw Missing(path: url.path)
        }
        return key
    }
}
