import ChatCore

/// `tteok invites`
struct InvitesCommand: ScriptCommand {
    static let configuration = CommandConfiguration(
        name: "invites",
        abstract: "List the rooms and direct conversations you are invited to, with who invited you.",
        discussion: "Answer one with `tteok accept ROOM` or `tteok decline ROOM`. A direct conversation from someone you share no room with waits here; it is never joined for you."
    )

    init(_ arguments: ParsedArguments, globals: GlobalOptions) throws(UsageError) {}

    func run(in context: CommandContext) async throws -> ExitCode {
        let invites = try await context.invitesService()
        await context.service.catchUp()
        let records = try await invites.invites().map(InviteRecord.init)
        if context.json {
            try context.console.json(records)
        } else {
            records.forEach { context.console.line($0.line(context.console)) }
        }
        return .success
    }
}
