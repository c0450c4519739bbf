import ChatCore

/// `tteok reports`: what members reported, for whoever moderates the community file.
struct ReportsCommand: ScriptCommand {
    static let configuration = CommandConfiguration(
        name: "reports",
        abstract: "List the reported messages of the embedded community, oldest first (for moderators).",
        discussion: "Reads the community file (--store). On Matrix, reports go to the homeserver's admins: tteok cannot list them."
    )

    static let matrixRefusal = "reports sent from a Matrix homeserver go to that server's admins; tteok cannot list them (ask the server's admins)"

    init(_ arguments: ParsedArguments, globals: GlobalOptions) throws(UsageError) {}

    func run(in context: CommandContext) async throws -> ExitCode {
        // The service answers only its moderators; the session is resumed to know who asks.
        let reports = try await context.moderation(refusal: Self.matrixRefusal).reports().map(ReportLine.init)
        try context.console.list(reports, json: context.json, empty: "No reports.") { $0.line(context.console) }
        return .success
    }
}
