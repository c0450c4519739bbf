import ChatCore

/// A scripting command: a type with a configuration, validated apart from running.
///
/// `init` only reads and checks the parsed words (no backend, no input, no files), so every
/// usage error is found before anything is opened; `run` does the work through `ChatService`.
protocol ScriptCommand: Sendable {
    static var configuration: CommandConfiguration { get }
    /// Validation. Throws `UsageError` (exit 2) for anything wrong on the command line.
    init(_ arguments: ParsedArguments, globals: GlobalOptions) throws(UsageError)
    /// Runs against an opened backend. Throws `ChatError` (mapped to an exit code) or `UsageError`.
    func run(in context: CommandContext) async throws -> ExitCode
}

/// What a running command may use.
struct CommandContext: Sendable {
    let service: any ChatService
    let console: Console
    let input: StandardInput
    let globals: GlobalOptions
    /// The process environment (e.g. `TTEOK_REGION`).
    let environment: [String: String]

    var json: Bool { globals.json }

    /// The signed-in member, or `.denied(.notSignedIn)`: a script with no session is not a guest.
    /// A session the community refuses (a ban) says why instead.
    func requireMember() async throws -> Account {
        guard case .member(let account) = await service.restoreSession() else {
            if let refusal = await (service as? any ModerationService)?.sessionRefusal() { throw refusal }
            throw ChatError.denied(.notSignedIn)
        }
        return account
    }
}
