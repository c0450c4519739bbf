import ChatCore

/// `tteok moderator list | add EMAIL | remove EMAIL`: who moderates besides the service's owner.
struct ModeratorCommand: ScriptCommand {
    static let configuration = CommandConfiguration(
        name: "moderator",
        abstract: "Moderators: list, add or remove the community's moderators.",
        discussion: """
            tteok moderator list | add EMAIL | remove EMAIL
            Only moderators may (others exit 1). The Unix user running tteok serve moderates whatever account they use \
            and is not listed; accounts named by tteok serve --moderator are listed as "serve" and are removed only by \
            restarting the service without them. An added account need not exist yet.
            """,
        arguments: [ArgumentDefinition(name: "ACTION", arity: .required, help: "list, add or remove"),
                    ArgumentDefinition(name: "EMAIL", arity: .optional, help: "The account's email (add, remove).")]
    )

    enum Action: Sendable {
        case list
        case set(email: String, Bool)
    }

    let action: Action

    /// What `add` and `remove` print with `--json`.
    private struct Change: Encodable {
        let email: String
        let moderator: Bool
    }

    init(_ arguments: ParsedArguments, globals: GlobalOptions) throws(UsageError) {
        let word = arguments.argument("ACTION") ?? "", email = arguments.argument("EMAIL") ?? ""
        switch word {
        case "list":
            if !email.isEmpty { throw .invalidCombination("list takes no EMAIL") }
            action = .list
        case "add", "remove":
            if email.isEmpty { throw .missingArgument("EMAIL") }
            action = .set(email: email, word == "add")
        default: throw .invalidValue(option: "ACTION", value: word, reason: "expected list, add or remove")
        }
    }

    func run(in context: CommandContext) async throws -> ExitCode {
        let moderation = try await context.moderation()
        switch action {
        case .list:
            let records = try await moderation.moderators().map(ModeratorRecord.init)
            try context.console.list(records, json: context.json, empty: "No moderators are named; the service's owner moderates.") {
                $0.line(context.console)
            }
        case .set(let email, let isModerator):
            try await moderation.setModerator(email: email, isModerator)
            if context.json {
                try context.console.json(Change(email: email, moderator: isModerator))
            } else {
                context.console.line("\(context.console.inert(email)) is \(isModerator ? "now" : "no longer") a moderator.")
            }
        }
        return .success
    }
}
