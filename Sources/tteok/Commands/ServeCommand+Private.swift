import ChatCore
import CommunityProtocol
import CommunityServer
import FoundationEssentials
import Glibc

/// The private service's side of zero set-up: it tells the client that started it whether it
/// listens (or the typed error it could not start with), and ends itself when no longer used.
extension ServeCommand {
    /// Writes the ready line, or the JSON of `failure`, on `descriptor` and closes it: the
    /// client waiting there prints the same message a direct open of the file would have.
    static func reportReady(_ outcome: Result<Void, ChatError>, on descriptor: Int32) {
        var bytes: [UInt8]
        switch outcome {
        case .success: bytes = Array((PrivateServiceFiles.readyLine + "\n").utf8)
        case .failure(let error): bytes = Array((try? JSONEncoder().encode(error)) ?? Data())
        }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            written += count
        }
        _ = close(descriptor)
    }

    /// Ends the process once the service has been idle for its idle time, or at once when its
    /// file was removed or replaced. The end happens under the start lock, so a client that
    /// found the socket is either served by this service or starts the next one.
    static func endWhenUnused(_ service: CommunityService, store: String, socket: String, environment: [String: String]) {
        signal(SIGHUP, SIG_IGN)
        let lifetime = PrivateLifetime(storePath: store, idleSeconds: PrivateLifetime.idleSeconds(environment: environment))
        DetachedThread.start(name: "tteok.serve.lifetime") {
            while true {
                let ending = lifetime.wait(for: service)
                let lock = open(PrivateServiceFiles.lockPath(forSocket: socket), O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
                if lock >= 0 { flock(lock, LOCK_EX) }
                if ending == .fileReplaced || service.connectionCount == 0 {
                    service.stop()
                    exit(0)
                }
                if lock >= 0 { _ = close(lock) }
            }
        }
    }
}
