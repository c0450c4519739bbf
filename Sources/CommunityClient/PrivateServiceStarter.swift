import ChatCore
import CommunityProtocol
import FoundationEssentials
import Glibc

/// Starts the user's private service for one community file when nothing answers on its socket,
/// as tmux starts its server: under a lock (two clients starting at once make one service),
/// detached (its own session, standard input from /dev/null, output to a 0600 log, no other
/// inherited descriptor), and waited for with a deadline on a pipe where the service writes
/// "ready" or the typed error it could not start with.
public struct PrivateServiceStarter: Sendable {
    /// The private socket (in a 0700 directory of ours).
    public let socketPath: String
    /// The program and arguments that run the service, ending before `--ready-fd`.
    public let command: [String]
    /// The service's environment.
    public let environment: [String: String]
    /// How long a starting service may take to listen.
    public var deadline: TimeInterval = 15

    public init(socketPath: String, command: [String], environment: [String: String]) {
        self.socketPath = socketPath
        self.command = command
        self.environment = environment
    }

    /// Makes sure a service of ours listens on the socket, starting one if none answers.
    public func ensureRunning() throws(ChatError) {
        let lockPath = PrivateServiceFiles.lockPath(forSocket: socketPath)
        let lock = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard lock >= 0 else { throw .storage("cannot open \(lockPath): \(String(cString: strerror(errno)))") }
        defer { _ = close(lock) }
        while flock(lock, LOCK_EX) != 0 && errno == EINTR {}
        if try PrivateSocket.answers(socketPath) { return }
        try start()
    }

    private func start() throws(ChatError) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw .storage("cannot start the community service: \(String(cString: strerror(errno)))") }
        // Neither end may leak into anything else this process starts (pipe2 is _GNU_SOURCE).
        ends.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
        let pid: pid_t
        do {
            pid = try PrivateServiceSpawn.spawn(command + ["--ready-fd", "3"], environment: environment, readyDescriptor: ends[1],
                                                logPath: PrivateServiceFiles.logPath(forSocket: socketPath))
        } catch {
            _ = close(ends[0]); _ = close(ends[1])
            throw error
        }
        _ = close(ends[1])
        defer { _ = close(ends[0]) }
        // Reaped whenever it ends, so no zombie stays behind a long-running client.
        DetachedThread.start { var status: Int32 = 0; _ = waitpid(pid, &status, 0) }
        let answer = try readAnswer(from: ends[0])
        if answer.hasPrefix(PrivateServiceFiles.readyLine) { return }
        if let error = try? JSONDecoder().decode(ChatError.self, from: Data(answer.utf8)) { throw error }
        throw .storage("the community service did not start (see \(PrivateServiceFiles.logPath(forSocket: socketPath)))")
    }

    /// Everything the service writes on the pipe until it closes it, within the deadline.
    private func readAnswer(from descriptor: Int32) throws(ChatError) -> String {
        let end = Date().addingTimeInterval(deadline)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let left = end.timeIntervalSinceNow
            guard left > 0 else { throw .offline("the community service did not start within \(Int(deadline)) s") }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(left * 1000))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0, bytes.count < 65_536 else { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
