import ChatCore

/// `tteok login --email E --password-stdin`
struct LoginCommand: ScriptCommand {
    static let configuration = CommandConfiguration(
        name: "login",
        abstract: "Log in and save the session for this user and community.",
        discussion: "The password is read from the first line of standard input.",
        options: Credentials.definitions
    )

    let credentials: Credentials

    init(_ arguments: ParsedArguments, globals: GlobalOptions) throws(UsageError) {
        credentials = try Credentials(arguments, globals: globals)
    }

    func run(in context: CommandContext) async throws -> ExitCode {
        let password = try credentials.password(from: context.input)
        let account = try await context.service.logIn(identifier: credentials.identifier, password: password)
        try AccountPrinter(console: context.console, json: context.json, naming: context.service.accountNaming).print(account, headline: "Logged in.")
        return .success
    }
}
