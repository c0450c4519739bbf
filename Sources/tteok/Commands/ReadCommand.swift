import ChatCore

/// `tteok read CHANNEL [--limit N]`
struct ReadCommand: ScriptCommand {
    static let configuration = CommandConfiguration(
        name: "read",
        abstract: "Print the latest messages of a channel, oldest first.",
        discussion: "A signed-in member's unread count for the channel is cleared.",
        options: [.value("limit", "N", help: "How many messages (default 20, at most 1000).")],
        arguments: [ArgumentDefinition(name: "CHANNEL", arity: .required, help: "The channel's name (on Matrix: a room name, alias or id).")]
    )

    let channelName: String
    let limit: Int

    init(_ arguments: ParsedArguments, globals: GlobalOptions) throws(UsageError) {
        channelName = arguments.argument("CHANNEL") ?? ""
        if channelName.isEmpty { throw .missingArgument("CHANNEL") }
        limit = try arguments.integer("limit", default: 20, in: 1...1000)
    }

    func run(in context: CommandContext) async throws -> ExitCode {
        let viewer = await context.service.restoreSession()
        let channel = try await context.service.channel(named: channelName)
        await context.service.catchUp()
        let page = try await context.service.latestMessages(in: channel.id, limit: limit)
        let records = page.messages.map { MessageRecord($0, channelName: channel.name) }
        if context.json {
            try context.console.json(records)
        } else {
            records.forEach { context.console.line($0.line(context.console)) }
        }
        if case .member = viewer { try await context.service.markRead(channel.id) }
        return .success
    }
}
