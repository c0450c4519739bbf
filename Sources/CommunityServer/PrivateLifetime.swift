import FoundationEssentials
import Glibc

/// When a private service (the one a client starts for its user) should end: a while after its
/// last client left, or at once when its community file was removed or replaced (a new inode:
/// whoever did it means a different file now, which a fresh service will open).
public struct PrivateLifetime: Sendable {
    /// `TTEOK_SERVICE_IDLE_SECONDS` (tests use about 1 s), else 30 s.
    public static func idleSeconds(environment: [String: String]) -> Double {
        guard let text = environment["TTEOK_SERVICE_IDLE_SECONDS"], let value = Double(text), value > 0 else { return 30 }
        return value
    }

    /// Why the service ends.
    public enum Ending: Equatable, Sendable {
        case idle
        case fileReplaced
    }

    let storePath: String
    let idleSeconds: Double
    let identity: FileIdentity?

    public init(storePath: String, idleSeconds: Double) {
        self.storePath = storePath
        self.idleSeconds = idleSeconds
        identity = FileIdentity(path: storePath)
    }

    /// Blocks until the service should end, checking every 100 ms.
    public func wait(for service: CommunityService) -> Ending {
        var idleSince: Date? = nil
        while true {
            usleep(100_000)
            if FileIdentity(path: storePath) != identity { return .fileReplaced }
            if service.connectionCount > 0 {
                idleSince = nil
            } else if let since = idleSince {
                if Date().timeIntervalSince(since) >= idleSeconds { return .idle }
            } else {
                idleSince = Date()
            }
        }
    }
}

/// A file's device and inode: equal while it is the same file, whatever is written into it.
struct FileIdentity: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
