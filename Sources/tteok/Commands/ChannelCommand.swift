import ChatCore
import CommunityClient

/// `tteok channel create NAME [--region R]`: a moderator's channel work on the embedded community.
struct ChannelCommand: ScriptCommand {
    static let configuration = CommandConfiguration(
        name: "channel",
        abstract: "Moderators: create a channel (tteok channel create NAME [--region R]).",
        discussion: "Only the community's moderators may (a member exits 1, nothing is stored). Not on Matrix: rooms are made there.",
        options: [.value("region", "R", help: "Make it region R's channel instead of an open one.")],
        arguments: [ArgumentDefinition(name: "ACTION", arity: .required, help: "create"),
                    ArgumentDefinition(name: "NAME", arity: .required, help: "The channel's name (1 to 64 characters).")]
    )

    let name: String
    let region: String?

    init(_ arguments: ParsedArguments, globals: GlobalOptions) throws(UsageError) {
        let action = arguments.argument("ACTION") ?? ""
        guard action == "create" else { throw .invalidValue(option: "ACTION", value: action, reason: "expected create") }
        name = arguments.argument("NAME") ?? ""
        if name.isEmpty { throw .missingArgument("NAME") }
        region = arguments.value("region")
    }

    func run(in context: CommandContext) async throws -> ExitCode {
        guard let service = context.service as? ServiceCommunity else {
            throw ChatError.unsupported("channels are created on the homeserver, not by tteok")
        }
        _ = await service.restoreSession()
        let channel = try await service.createChannel(named: name, region: region)
        let record = ChannelRecord(channel, unread: .success(0), currentRegion: false)
        if context.json {
            try context.console.json(record)
        } else {
            context.console.line("Created \(context.console.inert(channel.name)).")
        }
        return .success
    }
}
