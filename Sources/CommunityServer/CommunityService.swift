import ChatCore
import FoundationEssentials
import Glibc
import LocalStore

/// `tteok serve`: the one process that opens the community file. It accepts connections on a
/// Unix socket, learns each peer's uid from the kernel, and serves each with an engine session
/// bound to that uid.
public final class CommunityService: @unchecked Sendable {
    private let engine: CommunityEngine
    /// Held while this service runs: no other kind of service serves the file meanwhile.
    private let servingLock: ServingLock
    private let socket: ListeningSocket
    private let fanOut: FanOut
    private let connections = Mutex(0)

    /// Opens the file (0600, adopting today's format) and starts listening. A private service
    /// (`isPrivate`, the one a client starts for its user) keeps the file as a direct open would
    /// and listens owner-only whatever `sharing` says. `ownerUID`, the Unix user who moderates by
    /// being the owner, is the one running the service (a test in one process names another).
    public init(storeURL: URL, socketPath: String, sharing: Sharing, moderators: [String], isPrivate: Bool = false,
                ownerUID: UInt32 = getuid()) throws {
        try CommunityEngine.prepareDirectory(for: storeURL)
        servingLock = try ServingLock(store: storeURL, socket: socketPath, isPrivate: isPrivate)
        engine = try CommunityEngine(storeURL: storeURL, moderators: moderators, isPrivate: isPrivate, ownerUID: ownerUID)
        fanOut = try FanOut(engine: engine)
        socket = try ListeningSocket(path: socketPath, sharing: isPrivate ? .privateToOwner : sharing)
    }

    /// How many clients are connected now.
    public var connectionCount: Int { connections.withLock { $0 } }

    /// Accepts clients until the socket is closed; each is served on its own thread.
    public func run() {
        while let client = nextClient() {
            guard let uid = PeerCredentials.uid(of: client) else {
                _ = Glibc.close(client)
                continue
            }
            Self.limitSendTime(client)
            do {
                let connection = try ServiceConnection(descriptor: client, uid: uid, engine: engine, fanOut: fanOut) { [connections] in
                    connections.withLock { $0 -= 1 }
                }
                connections.withLock { $0 += 1 }
                connection.start()
            } catch {
                _ = Glibc.close(client)
            }
        }
    }

    /// Stops listening and removes the socket file.
    public func stop() { socket.close() }

    private func nextClient() -> Int32? {
        while true {
            if let client = socket.accept() { return client }
            if errno == EINTR || errno == ECONNABORTED || errno == EMFILE || errno == ENFILE {
                if errno == EMFILE || errno == ENFILE { usleep(100_000) }
                continue
            }
            return nil
        }
    }

    /// A write that cannot go out for 10 s fails, so a stuck client frees its write queue.
    private static func limitSendTime(_ descriptor: Int32) {
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }
}
