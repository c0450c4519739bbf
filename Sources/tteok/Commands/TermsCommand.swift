import ChatCore
import FoundationEssentials

/// `tteok terms show | accept | publish FILE`
struct TermsCommand: ScriptCommand {
    static let configuration = CommandConfiguration(
        name: "terms",
        abstract: "Show or accept the community's terms; moderators publish a new version.",
        discussion: """
            tteok terms show | accept | publish FILE
            publish (moderators only) makes FILE's text the next version: every member must agree again before posting \
            (the interactive client shows the new terms; scripts run tteok terms accept). show prints the version members \
            agree to and, once published, its text.
            """,
        arguments: [ArgumentDefinition(name: "ACTION", arity: .required, help: "show, accept or publish"),
                    ArgumentDefinition(name: "FILE", arity: .optional, help: "With publish: a UTF-8 text file (- for standard input).")]
    )

    enum Action: Sendable {
        case show, accept
        case publish(String)
    }

    let action: Action

    init(_ arguments: ParsedArguments, globals: GlobalOptions) throws(UsageError) {
        let word = arguments.argument("ACTION") ?? "", file = arguments.argument("FILE") ?? ""
        if word != "publish", !file.isEmpty { throw .invalidCombination("only publish takes a FILE") }
        switch word {
        case "show": action = .show
        case "accept": action = .accept
        case "publish":
            if file.isEmpty { throw .missingArgument("FILE") }
            action = .publish(file)
        default: throw .invalidValue(option: "ACTION", value: word, reason: "expected show, accept or publish")
        }
    }

    func run(in context: CommandContext) async throws -> ExitCode {
        switch action {
        case .show:
            try show(TermsRecord(try await context.moderation().publishedTerms()), context)
        case .accept:
            let account = try await context.requireMember()
            let accepted = try await context.service.acceptTerms(version: max(account.requiredTermsVersion, CommunityTerms.currentVersion))
            try AccountPrinter(console: context.console, json: context.json, naming: context.service.accountNaming).print(accepted, headline: nil)
        case .publish(let file):
            let text = try Self.read(file, context)
            try show(TermsRecord(try await context.moderation().publishTerms(text)), context)
        }
        return .success
    }

    private func show(_ record: TermsRecord, _ context: CommandContext) throws {
        if context.json { return try context.console.json(record) }
        context.console.line("version: \(record.version)")
        if let text = record.text {
            text.split(separator: "\n", omittingEmptySubsequences: false).forEach { context.console.line(context.console.inert(String($0))) }
        } else {
            context.console.line("(the rules shipped with tteok)")
        }
    }

    /// The file whole, as UTF-8 text; `-` reads standard input.
    private static func read(_ path: String, _ context: CommandContext) throws -> String {
        let data: Data
        if path == "-" {
            data = Data(context.input.lines().joined(separator: "\n").utf8)
        } else {
            guard let contents = FileManager.default.contents(atPath: path) else { throw ChatError.invalidInput("Cannot read \(path).") }
            data = contents
        }
        guard let text = String(data: data, encoding: .utf8) else { throw ChatError.invalidInput("\(path) is not UTF-8 text.") }
        return text
    }
}
