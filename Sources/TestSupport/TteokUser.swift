import Foundation

/// One person at the shell: their own `HOME` (so their own session), running the real `tteok`
/// binary against a shared `--store`. Two users with two homes are two accounts on one community.
public struct TteokUser: Sendable {
    public let home: URL
    /// Arguments put before every command (e.g. `--store PATH` or `--homeserver URL`).
    public let backendArguments: [String]
    public let binary: URL

    /// Creates the home directory; throws `TteokBinary.Missing` when the binary is not built.
    public init(home: URL, backendArguments: [String]) throws {
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        self.home = home
        self.backendArguments = backendArguments
        self.binary = try TteokBinary.url()
    }

    /// The environment of this user: the test's own, with `HOME` replaced and no XDG or tteok
    /// variables leaking in from the machine running the tests.
    public var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter { key, _ in
            !key.hasPrefix("XDG_") && !key.hasPrefix("TTEOK_")
        }
        environment["HOME"] = home.path
        environment["LANG"] = "C.UTF-8"
        // The private service a command starts ends soon after the test stops using it.
        environment["TTEOK_SERVICE_IDLE_SECONDS"] = PrivateServices.idleSeconds
        return environment
    }

    /// Runs `tteok <backend arguments> <arguments>`; `stdin` nil means no standard input at all.
    public func run(_ arguments: [String], stdin: String? = nil, extraEnvironment: [String: String] = [:], timeout: Double = 60) throws -> ProcessResult {
        try ProcessRun.run(binary, backendArguments + arguments, environment: environment.merging(extraEnvironment) { $1 }, stdin: stdin, timeout: timeout)
    }
}
