import ChatCore
import FoundationEssentials
import Glibc

/// The service's Unix stream socket: bound with the mode and group `Sharing` asks for, in a
/// directory no one else can swap it out of.
struct ListeningSocket: Sendable {
    let descriptor: Int32
    let path: String

    init(path: String, sharing: Sharing) throws {
        guard path.utf8.count < 108 else { throw ServiceError.setup("the socket path is too long (at most 107 bytes): \(path)") }
        try Self.checkDirectory(of: path)
        try Self.removeStale(path)
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw ServiceError.setup("cannot make a socket: \(Self.reason())") }
        // Created owner-only, then opened up as asked: never wider than asked, even for a moment.
        let oldMask = umask(0o177)
        let bound = Self.withAddress(path) { bind(descriptor, $0, $1) }
        umask(oldMask)
        guard bound == 0 else {
            let why = Self.reason()
            _ = Glibc.close(descriptor)
            throw ServiceError.setup("cannot listen on \(path): \(why)")
        }
        if let group = try sharing.groupID(), chown(path, UInt32.max, group) != 0 {
            throw ServiceError.setup("cannot give \(path) to the group: \(Self.reason())")
        }
        guard chmod(path, sharing.socketMode) == 0, listen(descriptor, 128) == 0 else {
            throw ServiceError.setup("cannot open \(path) to clients: \(Self.reason())")
        }
        self.descriptor = descriptor
        self.path = path
    }

    /// The next client's descriptor; nil when interrupted (retry) or the socket was closed.
    func accept() -> Int32? {
        let client = Glibc.accept(descriptor, nil, nil)
        guard client >= 0 else { return nil }
        _ = fcntl(client, F_SETFD, FD_CLOEXEC)
        return client
    }

    func close() {
        unlink(path)
        _ = Glibc.close(descriptor)
    }

    /// The directory must exist and be writable only by its owner (us or root), or be sticky
    /// like /tmp, so nobody else can replace the socket with their own.
    private static func checkDirectory(of path: String) throws {
        let directory = PathText.deletingLastComponent(path)
        var info = stat()
        guard stat(directory.isEmpty ? "." : directory, &info) == 0 else {
            throw ServiceError.setup("the socket's directory \(directory) does not exist")
        }
        let othersMayWrite = info.st_mode & (S_IWGRP | S_IWOTH) != 0
        let sticky = info.st_mode & S_ISVTX != 0
        let ownedSafely = info.st_uid == geteuid() || info.st_uid == 0
        guard ownedSafely, !othersMayWrite || sticky else {
            throw ServiceError.setup("the socket's directory \(directory) is writable by others; use a directory only you (or root) can write")
        }
    }

    /// A socket left by a service that died is removed; a live one, or any other file, is not.
    private static func removeStale(_ path: String) throws {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFSOCK else { throw ServiceError.setup("\(path) exists and is not a socket") }
        let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { _ = Glibc.close(probe) }
        if withAddress(path, { connect(probe, $0, $1) }) == 0 {
            throw ServiceError.setup("a service is already listening on \(path)")
        }
        unlink(path)
    }

    static func withAddress<T>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: path.utf8.prefix(raw.count - 1))
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}
