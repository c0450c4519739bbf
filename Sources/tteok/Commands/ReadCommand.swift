import ChatCore

/// `tteok read CHANNEL [--limit N] [--thread ID]`
struct ReadCommand: ScriptCommand {
    static let configuration = CommandConfiguration(
        name: "read",
        abstract: "Print the latest messages of a channel, oldest first.",
        discussion: "A signed-in member's unread count for the channel is cleared. Replies in a thread are not\nmessages of the channel: their root counts them, and --thread prints the thread (and clears its own unread count).",
        options: [
            .value("limit", "N", help: "How many messages (default 20, at most 1000)."),
            .value("thread", "ID", help: "Print this message's thread instead: the root, then its newest replies."),
        ],
        arguments: [ArgumentDefinition(name: "CHANNEL", arity: .required, help: "The channel's name (on Matrix: a room name, alias or id).")]
    )

    let channelName: String
    let limit: Int
    /// `--thread ID`: the thread's root and replies instead of the channel's messages.
    let thread: String?

    init(_ arguments: ParsedArguments, globals: GlobalOptions) throws(UsageError) {
        channelName = arguments.argument("CHANNEL") ?? ""
        if channelName.isEmpty { throw .missingArgument("CHANNEL") }
        limit = try arguments.integer("limit", default: 20, in: 1...1000)
        thread = arguments.value("thread")
        if thread?.isEmpty == true { throw .invalidCombination("--thread needs a message id") }
    }

    func run(in context: CommandContext) async throws -> ExitCode {
        let viewer = await context.service.restoreSession()
        let channel = try await context.service.channel(named: channelName)
        await context.service.catchUp()
        let messages: [Message]
        if let thread {
            let shown = try await context.threads().thread(MessageID(thread), in: channel.id, limit: limit)
            messages = [shown.root] + shown.replies
        } else {
            messages = try await context.service.latestMessages(in: channel.id, limit: limit).messages
        }
        let records = messages.map { MessageRecord($0, channelName: channel.name) }
        if context.json {
            try context.console.json(records)
        } else {
            records.forEach { context.console.line($0.line(context.console)) }
        }
        if case .member = viewer {
            try await context.service.markRead(channel.id)
            // A thread printed is a thread read, as in its view.
            if let thread { try await context.threads().markThreadRead(MessageID(thread), in: channel.id) }
        }
        return .success
    }
}
