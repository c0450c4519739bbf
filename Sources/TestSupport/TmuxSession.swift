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
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, tmux.path, &actions, nil, argv, envp)
        var status: Int32 = 0
        guard spawned == 0, waitpid(pid, &status, 0) == pid, status == 0 else {
            throw Failure.command(arguments, ProcessResult(status: spawned != 0 ? spawned : status, stdout: "", stderr: ""))
        }
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

    /// Ends the server and removes its socket file.
    public func close() {
        _ = try? run(["kill-server"])
        let directory = environment["TMUX_TMPDIR"] ?? "/tmp"
        try? FileManager.default.removeItem(atPath: "\(directory)/tmux-\(getuid())/\(socket)")
    }
}
