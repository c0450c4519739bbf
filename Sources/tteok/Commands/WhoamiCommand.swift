/// `tteok whoami`
struct WhoamiCommand: ScriptCommand {
    static let configuration = CommandConfiguration(
        name: "whoami",
        abstract: "Show the signed-in account (exit 3 when not signed in)."
    )

    init(_ arguments: ParsedArguments, globals: GlobalOptions) throws(UsageError) {}

    func run(in context: CommandContext) async throws -> ExitCode {
        let account = try await context.requireMember()
        try AccountPrinter(console: context.console, json: context.json, naming: context.service.accountNaming).print(account, headline: nil)
        return .success
    }
}
