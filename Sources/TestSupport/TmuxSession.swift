import Foundation

/// A detached tmux session on a private server socket, for driving a real terminal program:
/// `send-keys` in, `capture-pane` and format queries out. Ended (server killed) by `close()`.
public final class TmuxSession: @unchecked Sendable {
    public enum Failure: Error, CustomStringConvertible {
        case tmuxMissing
        case command([String], ProcessResult)
        public var description: String {
            switch self {
            case .tmuxMissing: return "tmux is not installed (scripts/test-all.sh installs it: apt-get install -y tmux)"
            case .command(let arguments, let result): return "tmux \(arguments.joined(separator: " ")) failed: \(result)"
            }
        }
    }

    public let socket: String
    let tmux: URL
    let environment: [String: String]

    /// Starts `command` (run by `sh -c`) in a new session of `width` × `height` cells.
    public init(command: String, width: Int = 80, height: Int = 24, environment extra: [String: String] = [:]) throws {
        guard let tmux = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw Failure.tmuxMissing
        }
        self.tmux = URL(fileURLWithPath: tmux)
        self.socket = "tteok-test-\(getpid())-\(UUID().uuidString.prefix(8))"
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "TMUX")
        environment["TERM"] = environment["TERM"].flatMap { $0 == "dumb" ? nil : $0 } ?? "xterm-256color"
        environment["LANG"] = "C.UTF-8"
        // A crashing program must not wait at the Swift backtracer's interactive prompt.
        environment["SWIFT_BACKTRACE"] = "interactive=no"
        environment.merge(extra) { $1 }
        self.environment = environment
        try startServer(["-f", "/dev/null", "new-session", "-d", "-x", String(width), "-y", String(height), command])
        do {
            try run(["set-option", "-g", "remain-on-exit", "on"])
        } catch {
            close()
            throw error
        }
    }

    /// The command that starts the server. The server it forks outlives it and keeps whatever
    /// descriptors it inherited, which stops Foundation's `Process` from ever reporting the
    /// client's exit; so it is spawned directly and reaped with `waitpid`.
    ///
    /// It gets no descriptor but the three standard ones, and no blocked signal: a server that
    /// inherited the test run's descriptors held, for instance, the `flock` of whoever ran the
    /// tests, and one that inherited the test thread's blocked SIGHUP/SIGTERM passed them on to
    /// its panes, whose shells then outlived `kill-server` (and the server with them).
    private func startServer(_ arguments: [String]) throws {
        let argv = ([tmux.path, "-L", socket] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        // glibc ignores a close of a descriptor closed meanwhile (only out-of-range ones fail).
        for descriptor in Self.openDescriptors() where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, tmux.path, &actions, &attributes, argv, envp)
        var status: Int32 = 0
        guard spawned == 0, waitpid(pid, &status, 0) == pid, status == 0 else {
            throw Failure.command(arguments, ProcessResult(status: spawned != 0 ? spawned : status, stdout: "", stderr: ""))
        }
    }

    /// False once `pid` has ended, also while it waits to be reaped (the server is not our child).
    private static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let end = stat.lastIndex(of: ")") else { return false }
        return !stat[stat.index(after: end)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }

    /// The descriptors open in this process now.
    private static func openDescriptors() -> [Int32] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap { Int32($0) }
    }

    /// Runs a tmux command against this session's server and returns its standard output.
    @discardableResult
    public func run(_ arguments: [String]) throws -> String {
        let result = try ProcessRun.run(tmux, ["-L", socket] + arguments, environment: environment, timeout: 20)
        guard result.status == 0 else { throw Failure.command(arguments, result) }
        return result.stdout
    }

    /// The visible screen, one string per row (tmux trims trailing spaces).
    public func capture() throws -> [String] {
        try run(["capture-pane", "-p"]).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// A tmux format of the pane, e.g. `#{cursor_x}`, `#{alternate_on}`, `#{pane_title}`.
    public func format(_ format: String) throws -> String {
        try run(["display-message", "-p", format]).trimmingCharacters(in: .newlines)
    }

    /// Types text literally (UTF-8), as a user would.
    public func type(_ text: String) throws {
        try run(["send-keys", "-l", text])
    }

    /// Sends tmux key names (`Enter`, `C-q`, `Left`, `Escape`).
    public func keys(_ names: String...) throws {
        try run(["send-keys"] + names)
    }

    /// Pastes text the way a terminal does (bracketed when the program asked for it).
    public func paste(_ text: String) throws {
        try run(["set-buffer", "--", text])
        try run(["paste-buffer", "-p"])
    }

    public func resize(width: Int, height: Int) throws {
        try run(["resize-window", "-x", String(width), "-y", String(height)])
    }

    /// Ends the server (for certain: a pane that ignores SIGHUP would keep it alive, so after a
    /// grace period it is killed) and removes its socket file.
    public func close() {
        let server = (try? format("#{pid}")).flatMap { pid_t($0) }
        _ = try? run(["kill-server"])
        if let server, server > 0, !waitUntil(seconds: 3, { !Self.isRunning(server) }) {
            kill(server, SIGKILL)
        }
        let directory = environment["TMUX_TMPDIR"] ?? "/tmp"
        try? FileManager.default.removeItem(atPath: "\(directory)/tmux-\(getuid())/\(socket)")
    }
}
