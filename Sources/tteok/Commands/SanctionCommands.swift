import ChatCore
import FoundationEssentials

/// `tteok mute MEMBER --reason R [--for 30m]`
struct MuteCommand: ScriptCommand {
    static let configuration = SanctionRequest.configuration(
        .mute, abstract: "Moderators: mute a member — they read but cannot post or react.")

    let request: SanctionRequest

    init(_ arguments: ParsedArguments, globals: GlobalOptions) throws(UsageError) { request = try SanctionRequest(.mute, arguments) }

    func run(in context: CommandContext) async throws -> ExitCode { try await request.run(in: context) }
}

/// `tteok ban MEMBER --reason R [--for 7d]`
struct BanCommand: ScriptCommand {
    static let configuration = SanctionRequest.configuration(
        .ban, abstract: "Moderators: ban a member — they cannot sign in, and their sessions are refused.")

    let request: SanctionRequest

    init(_ arguments: ParsedArguments, globals: GlobalOptions) throws(UsageError) { request = try SanctionRequest(.ban, arguments) }

    func run(in context: CommandContext) async throws -> ExitCode { try await request.run(in: context) }
}

/// What `mute` and `ban` share: the member, the reason and how long.
struct SanctionRequest: Sendable {
    let kind: SanctionKind
    let member: String
    let reason: String
    let seconds: TimeInterval?

    static func configuration(_ kind: SanctionKind, abstract: String) -> CommandConfiguration {
        CommandConfiguration(
            name: kind.rawValue, abstract: abstract,
            discussion: "MEMBER is an email or a nickname. Lasts --for a time, or until `tteok un\(kind.rawValue) MEMBER`. "
                + "Moderators only (others exit 1); a moderator cannot be \(kind == .mute ? "muted" : "banned"). Listed by `tteok sanctions`.",
            options: [.value("reason", "TEXT", help: "Why (required; the member is told)."),
                      .value("for", "LENGTH", help: "How long: 90s, 30m, 12h, 7d or 2w (default: until lifted).")],
            arguments: [ArgumentDefinition(name: "MEMBER", arity: .required, help: "The member's email or nickname.")])
    }

    init(_ kind: SanctionKind, _ arguments: ParsedArguments) throws(UsageError) {
        self.kind = kind
        member = arguments.argument("MEMBER") ?? ""
        reason = arguments.value("reason") ?? ""
        if member.isEmpty { throw .missingArgument("MEMBER") }
        if reason.trimmingWhitespace().isEmpty { throw .missingArgument("--reason TEXT") }
        seconds = try arguments.value("for").map { text throws(UsageError) in try LengthOfTime.seconds(text, option: "for") }
    }

    func run(in context: CommandContext) async throws -> ExitCode {
        let sanction = try await context.moderation().impose(kind, on: member, reason: reason, until: seconds.map { Date().addingTimeInterval($0) })
        let record = SanctionRecord(sanction)
        if context.json { try context.console.json(record) } else { context.console.line(record.line(context.console)) }
        return .success
    }
}

/// `tteok unmute MEMBER`
struct UnmuteCommand: ScriptCommand {
    static let configuration = SanctionRequest.liftConfiguration(.mute)
    let member: String

    init(_ arguments: ParsedArguments, globals: GlobalOptions) throws(UsageError) { member = try SanctionRequest.member(arguments) }

    func run(in context: CommandContext) async throws -> ExitCode { try await SanctionRequest.lift(.mute, from: member, context) }
}

/// `tteok unban MEMBER`
struct UnbanCommand: ScriptCommand {
    static let configuration = SanctionRequest.liftConfiguration(.ban)
    let member: String

    init(_ arguments: ParsedArguments, globals: GlobalOptions) throws(UsageError) { member = try SanctionRequest.member(arguments) }

    func run(in context: CommandContext) async throws -> ExitCode { try await SanctionRequest.lift(.ban, from: member, context) }
}

extension SanctionRequest {
    static func liftConfiguration(_ kind: SanctionKind) -> CommandConfiguration {
        CommandConfiguration(name: "un" + kind.rawValue, abstract: "Moderators: lift a member's \(kind.rawValue).",
                             arguments: [ArgumentDefinition(name: "MEMBER", arity: .required, help: "The member's email or nickname.")])
    }

    static func member(_ arguments: ParsedArguments) throws(UsageError) -> String {
        guard let member = arguments.argument("MEMBER"), !member.isEmpty else { throw .missingArgument("MEMBER") }
        return member
    }

    static func lift(_ kind: SanctionKind, from member: String, _ context: CommandContext) async throws -> ExitCode {
        try await context.moderation().lift(kind, from: member)
        if !context.json { context.console.line("Lifted the \(kind.rawValue) of \(context.console.inert(member)).") }
        return .success
    }
}

/// `tteok sanctions`: the mutes and bans in force.
struct SanctionsCommand: ScriptCommand {
    static let configuration = CommandConfiguration(
        name: "sanctions", abstract: "Moderators: list the mutes and bans in force, newest first.")

    init(_ arguments: ParsedArguments, globals: GlobalOptions) throws(UsageError) {}

    func run(in context: CommandContext) async throws -> ExitCode {
        let records = try await context.moderation().sanctions().map(SanctionRecord.init)
        try context.console.list(records, json: context.json, empty: "No mutes or bans.") { $0.line(context.console) }
        return .success
    }
}
