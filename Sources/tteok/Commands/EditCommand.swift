import ChatCore
import FoundationEssentials

/// `tteok edit CHANNEL ID TEXT...`
struct EditCommand: ScriptCommand {
    static let configuration = CommandConfiguration(
        name: "edit",
        abstract: "Replace the text of one of your messages.",
        discussion: "ID is a message's id as `tteok read --json` prints it; only its sender can edit it.",
        arguments: [
            ArgumentDefinition(name: "CHANNEL", arity: .required, help: "The channel's name (on Matrix: a room name, alias or id)."),
            ArgumentDefinition(name: "ID", arity: .required, help: "The message's id."),
            ArgumentDefinition(name: "TEXT", arity: .variadic, help: "The new text; its words are joined by spaces."),
        ]
    )

    let channelName: String
    let messageID: String
    let text: String

    init(_ arguments: ParsedArguments, globals: GlobalOptions) throws(UsageError) {
        channelName = arguments.argument("CHANNEL") ?? ""
        messageID = arguments.argument("ID") ?? ""
        text = arguments.words("TEXT").joined(separator: " ")
        if channelName.isEmpty { throw .missingArgument("CHANNEL") }
        if messageID.isEmpty { throw .missingArgument("ID") }
        if text.trimmingWhitespaceAndNewlines().isEmpty { throw .missingArgument("TEXT") }
    }

    func run(in context: CommandContext) async throws -> ExitCode {
        let (channel, relations) = try await context.messageTarget(channel: channelName)
        try await relations.edit(MessageID(messageID), in: channel.id, to: text)
        return .success
    }
}
