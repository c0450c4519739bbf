import Glibc

/// The Unix user at the other end of a connected Unix socket, as the kernel reports it
/// (`SO_PEERCRED`): not something the client says, so it cannot be forged.
enum PeerCredentials {
    /// The peer's uid, or nil when the kernel does not say.
    static func uid(of descriptor: Int32) -> UInt32? {
        // struct ucred { pid_t pid; uid_t uid; gid_t gid; } — three 32-bit fields; Glibc's Swift
        // overlay does not export the struct (it needs _GNU_SOURCE), so read it as three words.
        var fields = [UInt32](repeating: 0, count: 3)
        var length = socklen_t(MemoryLayout<UInt32>.size * 3)
        guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &fields, &length) == 0, length == 12 else { return nil }
        return fields[1]
    }
}
