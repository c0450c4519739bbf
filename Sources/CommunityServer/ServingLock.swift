import CommunityProtocol
import FoundationEssentials
import Glibc

/// Says which service serves a community file: `FILE.lock` beside it, locked (flock) by the
/// serving process for as long as it runs. A shared `tteok serve` locks it exclusively and
/// writes its socket there; private services (each a user's stand-in for opening the file
/// directly, as several of them may) lock it shared. So a shared service and a private one
/// never serve the same file together, and the one refused is told who serves it.
/// Modes of the lock beside a community file.
enum StoreSharing {
    /// As the directly opened (group-shared) community file: read and write for owner and group.
    static let privateLockMode: mode_t = 0o660
}

final class ServingLock: Sendable {
    private let descriptor: Int32

    static func path(for store: URL) -> String { StoreLock.path(forStore: store.path) }

    init(store: URL, socket: String, isPrivate: Bool) throws(ServiceError) {
        let path = Self.path(for: store)
        // Read-only for private services: another member of a shared legacy file's group may
        // have made the lock, and a flock needs no write access.
        let flags = (isPrivate ? O_RDONLY : O_RDWR) | O_CREAT | O_NOFOLLOW | O_CLOEXEC
        let descriptor = open(path, flags, isPrivate ? StoreSharing.privateLockMode : 0o600)
        guard descriptor >= 0 else { throw .setup("cannot open \(path): \(Self.reason())") }
        if isPrivate { Self.shareWithGroup(descriptor) }
        do {
            if isPrivate {
                try Self.lockShared(descriptor, store: store)
            } else {
                try Self.lockExclusive(descriptor, store: store, socket: socket)
            }
        } catch {
            _ = close(descriptor)
            throw error
        }
        self.descriptor = descriptor
    }

    deinit { _ = close(descriptor) }

    /// A private service stands in for opening the file directly, which a group of sharers may
    /// each do: the lock must be openable by them as the 0660 file is, whatever the umask said.
    /// Only the lock's owner can change its mode; for anyone else it already is what it is.
    private static func shareWithGroup(_ descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_uid == geteuid() else { return }
        _ = fchmod(descriptor, StoreSharing.privateLockMode)
    }

    private static func lockShared(_ descriptor: Int32, store: URL) throws(ServiceError) {
        guard flock(descriptor, LOCK_SH | LOCK_NB) != 0 else { return }
        guard errno == EWOULDBLOCK else { throw .setup("cannot lock \(path(for: store)): \(reason())") }
        let socket = holder(descriptor)
        let how = socket.isEmpty ? "" : ": connect with `tteok --socket \(socket)` (or `socket = \(socket)` in the config file)"
        throw .setup("\(store.path) is served by a shared community service\(socket.isEmpty ? "" : " on \(socket)")\(how)")
    }

    private static func lockExclusive(_ descriptor: Int32, store: URL, socket: String) throws(ServiceError) {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_uid == geteuid() else {
            throw .setup("\(path(for: store)) belongs to another user; remove it before serving \(store.path)")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) != 0 else {
            guard fchmod(descriptor, 0o600) == 0, ftruncate(descriptor, 0) == 0, write(socket + "\n", to: descriptor) else {
                throw .setup("cannot write \(path(for: store)): \(reason())")
            }
            return
        }
        guard errno == EWOULDBLOCK else { throw .setup("cannot lock \(path(for: store)): \(reason())") }
        // Only shared holders (private services) leave a shared lock to be had; the file's
        // socket line is then an old one, not theirs.
        if flock(descriptor, LOCK_SH | LOCK_NB) == 0 {
            _ = flock(descriptor, LOCK_UN)
            throw .setup("\(store.path) is open in a private tteok service (started by `tteok` or `tteok --store`); quit those clients (it ends a while after the last one) and serve it again")
        }
        let other = holder(descriptor)
        throw .setup("\(store.path) is already served by another `tteok serve`\(other.isEmpty ? "" : " on \(other)")")
    }

    /// The socket line the exclusive holder wrote (empty if none yet).
    private static func holder(_ descriptor: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return "" }
        return String(decoding: buffer[0..<count], as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
    }

    private static func write(_ text: String, to descriptor: Int32) -> Bool {
        let bytes = Array(text.utf8)
        return pwrite(descriptor, bytes, bytes.count, 0) == bytes.count
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}
