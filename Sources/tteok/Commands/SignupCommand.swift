import ChatCore

/// `tteok signup --email E --password-stdin [--nickname N] [--region R] [--accept-terms]`
struct SignupCommand: ScriptCommand {
    static let configuration = CommandConfiguration(
        name: "signup",
        abstract: "Create an account and save its session.",
        discussion: "The password is read from the first line of standard input. Without --accept-terms\nthe account cannot post until the community terms are accepted.",
        options: Credentials.definitions + [
            .value("nickname", "N", help: "Nickname shown with your messages (may be set later)."),
            .value("region", "R", help: "Your region: a region channel's name, e.g. 마포구."),
            .flag("accept-terms", help: "Accept the community terms now."),
        ]
    )

    let credentials: Credentials
    let nickname: String
    let region: String?
    let acceptTerms: Bool

    init(_ arguments: ParsedArguments, globals: GlobalOptions) throws(UsageError) {
        credentials = try Credentials(arguments, globals: globals)
        nickname = arguments.value("nickname") ?? ""
        region = arguments.value("region").flatMap { $0.isEmpty ? nil : $0 }
        acceptTerms = arguments.flag("accept-terms")
    }

    func run(in context: CommandContext) async throws -> ExitCode {
        let request = SignUpRequest(
            identifier: credentials.identifier, password: try credentials.password(from: context.input),
            nickname: nickname, region: region, acceptTerms: acceptTerms
        )
        let account = try await context.service.signUp(request)
        try AccountPrinter(console: context.console, json: context.json, naming: context.service.accountNaming).print(account, headline: "Signed up.")
        return .success
    }
}
