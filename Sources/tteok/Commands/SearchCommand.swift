import ChatCore

/// `tteok search TEXT [--channel C] [--limit N]`
struct SearchCommand: ScriptCommand {
    static let configuration = CommandConfiguration(
        name: "search",
        abstract: "Find messages containing every word of TEXT, newest first.",
        discussion: """
            Words match whole or inside a word, in any case: 맛집 finds 맛집을, 볶 finds 떡볶이, ELL finds hello. \
            Searches the channels you can read and your own direct conversations; blocked members' \
            messages are left out. On Matrix the local cache is searched, and the server for history \
            it lacks (never in encrypted rooms).
            """,
        options: [.value("channel", "C", help: "Only this channel (name, alias or id)."),
                  .value("limit", "N", help: "How many results (default 20, at most 500).")],
        arguments: [ArgumentDefinition(name: "TEXT", arity: .required, help: "What to look for.")]
    )

    let text: String
    let channelName: String?
    let limit: Int

    init(_ arguments: ParsedArguments, globals: GlobalOptions) throws(UsageError) {
        text = arguments.argument("TEXT") ?? ""
        if text.isEmpty { throw .missingArgument("TEXT") }
        channelName = arguments.value("channel")
        limit = try arguments.integer("limit", default: 20, in: 1...500)
    }

    func run(in context: CommandContext) async throws -> ExitCode {
        _ = await context.service.restoreSession()
        let channel = try await channelName.asyncMap { try await context.service.channel(named: $0) }
        await context.service.catchUp()
        let page = try await context.service.search(SearchQuery(text: text, channel: channel?.id, limit: limit))
        let records = page.hits.map(SearchRecord.init)
        if context.json {
            try context.console.json(records)
        } else {
            records.forEach { context.console.line($0.line(context.console)) }
        }
        return .success
    }
}

private extension Optional {
    func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
