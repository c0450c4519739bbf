import ChatCore
import FoundationEssentials
import Glibc

/// Checks on the private socket before it is trusted: a socket, ours, reachable by no one
/// else; and whether a service answers on it.
public enum PrivateSocket {
    /// Creates `directory` 0700 if missing and refuses one that is not a real directory of ours
    /// closed to others: whoever could write there could put their own socket in our way.
    public static func prepareDirectory(_ directory: String) throws(ChatError) {
        if mkdir(directory, 0o700) != 0 && errno != EEXIST {
            throw .storage("cannot create \(directory): \(String(cString: strerror(errno)))")
        }
        var info = stat()
        guard lstat(directory, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == geteuid(), info.st_mode & 0o077 == 0 else {
            throw .storage("\(directory) is not a private directory of yours (it must be yours, mode 0700); tteok will not use it")
        }
    }

    /// True when `path` is a socket of ours closed to others, false when nothing is there;
    /// anything else there is refused before a single byte is sent to it.
    public static func isOurs(_ path: String) throws(ChatError) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        guard info.st_mode & S_IFMT == S_IFSOCK, info.st_uid == geteuid(), info.st_mode & 0o077 == 0 else {
            throw .storage("\(path) is not a private socket of yours; tteok will not use it")
        }
        return true
    }

    /// True when a service of ours answers on `path`; false when there is nothing there (or a
    /// socket left by one that died). Anything else at that path is refused.
    public static func answers(_ path: String) throws(ChatError) -> Bool {
        guard try isOurs(path) else { return false }
        let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard probe >= 0 else { return false }
        defer { _ = close(probe) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path.utf8.prefix($0.count - 1)) }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(probe, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        } == 0
    }
}
