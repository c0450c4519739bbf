import ChatCore

/// `tteok channel create|rename|archive|unarchive|archived`: moderators' channel work on the
/// embedded community (listing the archived ones is for everyone).
struct ChannelCommand: ScriptCommand {
    static let configuration = CommandConfiguration(
        name: "channel",
        abstract: "Moderators: create, rename, archive or restore a channel; list the archived ones.",
        discussion: """
            tteok channel create NAME [--region R] | rename NAME NEW | archive NAME | unarchive NAME | archived
            Only the community's moderators may change channels (others exit 1, nothing is stored). An archived channel \
            stays readable (tteok read NAME) but nobody posts there and the channel list leaves it out; a region channel \
            cannot be archived. Not on Matrix: rooms are managed there.
            """,
        options: [.value("region", "R", help: "With create: make it region R's channel instead of an open one.")],
        arguments: [ArgumentDefinition(name: "ACTION", arity: .required, help: "create, rename, archive, unarchive or archived"),
                    ArgumentDefinition(name: "NAME", arity: .optional, help: "The channel's name (1 to 64 characters)."),
                    ArgumentDefinition(name: "NEW", arity: .optional, help: "With rename: the new name.")]
    )

    enum Action: Sendable {
        case create(String, region: String?)
        case rename(String, to: String)
        case archive(String, Bool)
        case listArchived
    }

    let action: Action

    init(_ arguments: ParsedArguments, globals: GlobalOptions) throws(UsageError) {
        let word = arguments.argument("ACTION") ?? ""
        let name = arguments.argument("NAME") ?? "", new = arguments.argument("NEW") ?? ""
        let needsName = word != "archived"
        if needsName, name.isEmpty { throw .missingArgument("NAME") }
        if word == "rename", new.isEmpty { throw .missingArgument("NEW") }
        if word != "rename", !new.isEmpty { throw .invalidCombination("only rename takes a new name") }
        if word != "create", arguments.value("region") != nil { throw .invalidCombination("--region goes with create") }
        switch word {
        case "create": action = .create(name, region: arguments.value("region"))
        case "rename": action = .rename(name, to: new)
        case "archive": action = .archive(name, true)
        case "unarchive": action = .archive(name, false)
        case "archived":
            if !name.isEmpty { throw .invalidCombination("archived lists them all: give no NAME") }
            action = .listArchived
        default: throw .invalidValue(option: "ACTION", value: word, reason: "expected create, rename, archive, unarchive or archived")
        }
    }

    func run(in context: CommandContext) async throws -> ExitCode {
        let moderation = try await context.moderation(refusal: "channels are created and managed on the homeserver, not by tteok")
        let channel: Channel
        let done: String
        switch action {
        case .create(let name, let region):
            channel = try await moderation.createChannel(named: name, region: region)
            done = "Created"
        case .rename(let name, let new):
            channel = try await moderation.renameChannel(context.service.channel(named: name).id, to: new)
            done = "Renamed to"
        case .archive(let name, let archived):
            channel = try await moderation.setArchived(context.service.channel(named: name).id, archived)
            done = archived ? "Archived" : "Restored"
        case .listArchived:
            let records = try await moderation.archivedChannels().map { ChannelRecord($0, unread: .success(0), currentRegion: false) }
            try context.console.list(records, json: context.json, empty: "No archived channels.") { $0.line(context.console) }
            return .success
        }
        if context.json {
            try context.console.json(ChannelRecord(channel, unread: .success(0), currentRegion: false))
        } else {
            context.console.line("\(done) \(context.console.inert(channel.name)).")
        }
        return .success
    }
}
