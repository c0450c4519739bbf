import ChatCore

/// `tteok delete CHANNEL ID`
struct DeleteCommand: ScriptCommand {
    static let configuration = CommandConfiguration(
        name: "delete",
        abstract: "Delete a message: your own, or anyone's as a moderator.",
        discussion: "ID is a message's id as `tteok read --json` prints it. Everyone then sees \"message deleted\" in its place.",
        arguments: [
            ArgumentDefinition(name: "CHANNEL", arity: .required, help: "The channel's name (on Matrix: a room name, alias or id)."),
            ArgumentDefinition(name: "ID", arity: .required, help: "The message's id."),
        ]
    )

    let channelName: String
    let messageID: String

    init(_ arguments: ParsedArguments, globals: GlobalOptions) throws(UsageError) {
        channelName = arguments.argument("CHANNEL") ?? ""
        messageID = arguments.argument("ID") ?? ""
        if channelName.isEmpty { throw .missingArgument("CHANNEL") }
        if messageID.isEmpty { throw .missingArgument("ID") }
    }

    func run(in context: CommandContext) async throws -> ExitCode {
        let (channel, relations) = try await context.messageTarget(channel: channelName)
        try await relations.delete(MessageID(messageID), in: channel.id)
        return .success
    }
}
