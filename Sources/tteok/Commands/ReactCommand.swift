import ChatCore

/// `tteok react CHANNEL ID EMOJI`
struct ReactCommand: ScriptCommand {
    static let configuration = CommandConfiguration(
        name: "react",
        abstract: "React to a message with an emoji.",
        discussion: "ID is a message's id as `tteok read --json` prints it. Reacting twice with one emoji changes nothing.",
        arguments: [
            ArgumentDefinition(name: "CHANNEL", arity: .required, help: "The channel's name (on Matrix: a room name, alias or id)."),
            ArgumentDefinition(name: "ID", arity: .required, help: "The message's id."),
            ArgumentDefinition(name: "EMOJI", arity: .required, help: "The reaction, e.g. 👍."),
        ]
    )

    let channelName: String
    let messageID: String
    let key: String

    init(_ arguments: ParsedArguments, globals: GlobalOptions) throws(UsageError) {
        channelName = arguments.argument("CHANNEL") ?? ""
        messageID = arguments.argument("ID") ?? ""
        key = arguments.argument("EMOJI") ?? ""
        if channelName.isEmpty { throw .missingArgument("CHANNEL") }
        if messageID.isEmpty { throw .missingArgument("ID") }
        if key.isEmpty { throw .missingArgument("EMOJI") }
    }

    func run(in context: CommandContext) async throws -> ExitCode {
        let (channel, relations) = try await context.messageTarget(channel: channelName)
        try await relations.react(to: MessageID(messageID), in: channel.id, with: key)
        return .success
    }
}
