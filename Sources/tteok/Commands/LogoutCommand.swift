/// `tteok logout`
struct LogoutCommand: ScriptCommand {
    static let configuration = CommandConfiguration(
        name: "logout",
        abstract: "End the session and forget it."
    )

    init(_ arguments: ParsedArguments, globals: GlobalOptions) throws(UsageError) {}

    func run(in context: CommandContext) async throws -> ExitCode {
        _ = await context.service.restoreSession()
        try await context.service.logOut()
        if context.json {
            try context.console.json(["loggedOut": true])
        } else {
            context.console.line("Logged out.")
        }
        return .success
    }
}
