import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A homeserver of one test's own, started with `scripts/synapse.sh` in a temporary data
/// directory, that the test may stop and start again (same port, same database) without
/// disturbing the shared server other tests use. Stopped and removed by `close()`.
public final class PrivateSynapse: @unchecked Sendable {
    /// Why the script failed, with its output.
    public struct Failure: Error, CustomStringConvertible {
        public let command: String
        public let result: ProcessResult
        public var description: String { "scripts/synapse.sh \(command) failed: \(result)" }
    }

    public let url: URL
    private let directory: TemporaryDirectory

    /// Installs (cached venv), configures and starts a fresh server; returns once it answers.
    public init() throws {
        directory = try TemporaryDirectory(prefix: "synapse")
        let started: String
        do {
            started = try Self.script("start", directory)
        } catch {
            _ = try? Self.script("stop", directory)
            throw error
        }
        guard let url = URL(string: started.trimmingCharacters(in: .whitespacesAndNewlines)), url.scheme != nil else {
            throw Failure(command: "start", result: ProcessResult(status: 0, stdout: started, stderr: "not a URL"))
        }
        self.url = url
    }

    deinit { close() }

    /// Stops the server (SIGTERM, as an administrator would; SIGKILL after 15 s).
    public func stop() throws {
        _ = try Self.script("stop", directory)
    }

    /// Kills the server at once (SIGKILL): a crash, with requests in flight.
    public func kill() throws {
        _ = try Self.script("kill", directory)
    }

    /// Starts the stopped server again on the same port with its database; returns once it answers.
    public func resume() throws {
        _ = try Self.script("resume", directory)
    }

    /// Stops the server if it runs; the data directory goes with the object.
    public func close() {
        _ = try? Self.script("stop", directory)
    }

    /// Runs the script with its output in a file. Spawned and reaped by hand: the server it
    /// starts keeps descriptors it inherited, which stops Foundation's `Process` from ever
    /// reporting the script's exit (see `TmuxSession`).
    private static func script(_ command: String, _ directory: TemporaryDirectory) throws -> String {
        let script = PackageRoot.url.appendingPathComponent("scripts/synapse.sh").path
        let output = directory.file("script-\(command).out").path
        var environment = ProcessInfo.processInfo.environment
        environment["TTEOK_SYNAPSE_DATA"] = directory.path
        let words: [String] = ["/bin/bash", script, command]
        let argv = words.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/bin/bash", &actions, nil, argv, envp) == 0 else {
            throw Failure(command: command, result: ProcessResult(status: -1, stdout: "", stderr: "posix_spawn failed"))
        }
        let status = try reap(pid, command: command, seconds: 240)
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        guard status == 0 else { throw Failure(command: command, result: ProcessResult(status: status, stdout: text, stderr: "")) }
        // The URL is the script's last line; the rest is its log.
        return text.split(separator: "\n").last.map(String.init) ?? ""
    }

    /// Waits for `pid` with a deadline; a script still running then is killed and reported.
    private static func reap(_ pid: pid_t, command: String, seconds: Double) throws -> Int32 {
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            guard Date() < deadline else {
                Glibc.kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                throw ProcessRun.TimedOut(command: "scripts/synapse.sh \(command)", seconds: seconds)
            }
            usleep(20_000)
        }
        // Exit status as a shell reports it (WEXITSTATUS; a signal counts as a failure).
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}
