import ChatCore

/// `tteok react [--remove] CHANNEL ID EMOJI`
struct ReactCommand: ScriptCommand {
    static let configuration = CommandConfiguration(
        name: "react",
        abstract: "React to a message with an emoji.",
        discussion: "ID is a message's id as `tteok read --json` prints it. Reacting twice with one emoji changes nothing;\n--remove takes your reaction back (one you never gave changes nothing).",
        options: [
            .flag("remove", help: "Take back your reaction EMOJI instead of adding it."),
        ],
        arguments: [
            ArgumentDefinition(name: "CHANNEL", arity: .required, help: "The channel's name (on Matrix: a room name, alias or id)."),
            ArgumentDefinition(name: "ID", arity: .required, help: "The message's id."),
            ArgumentDefinition(name: "EMOJI", arity: .required, help: "The reaction, e.g. 👍."),
        ]
    )

    let channelName: String
    let messageID: String
    let key: String
    /// `--remove`: take the reaction back.
    let remove: Bool

    init(_ arguments: ParsedArguments, globals: GlobalOptions) throws(UsageError) {
        channelName = arguments.argument("CHANNEL") ?? ""
        messageID = arguments.argument("ID") ?? ""
        key = arguments.argument("EMOJI") ?? ""
        remove = arguments.flag("remove")
        if channelName.isEmpty { throw .missingArgument("CHANNEL") }
        if messageID.isEmpty { throw .missingArgument("ID") }
        if key.isEmpty { throw .missingArgument("EMOJI") }
    }

    func run(in context: CommandContext) async throws -> ExitCode {
        let (channel, relations) = try await context.messageTarget(channel: channelName)
        if remove {
            try await relations.removeReaction(key, from: MessageID(messageID), in: channel.id)
        } else {
            try await relations.react(to: MessageID(messageID), in: channel.id, with: key)
        }
        return .success
    }
}
