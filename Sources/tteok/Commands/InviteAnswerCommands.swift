import ChatCore

/// The ROOM argument of both answers to an invitation.
enum InvitedRoomArgument {
    static let definitions = [ArgumentDefinition(name: "ROOM", arity: .required, help: "The invited room's id or name.")]
    static let discussion = "ROOM is the invitation's room id or name as `tteok invites` prints it."

    static func parse(_ arguments: ParsedArguments) throws(UsageError) -> String {
        let room = arguments.argument("ROOM") ?? ""
        if room.isEmpty { throw .missingArgument("ROOM") }
        return room
    }
}

/// `tteok accept ROOM`
struct AcceptCommand: ScriptCommand {
    static let configuration = CommandConfiguration(
        name: "accept", abstract: "Accept an invitation: join the room (a direct one becomes a conversation).",
        discussion: InvitedRoomArgument.discussion, arguments: InvitedRoomArgument.definitions)

    let room: String

    init(_ arguments: ParsedArguments, globals: GlobalOptions) throws(UsageError) { room = try InvitedRoomArgument.parse(arguments) }

    func run(in context: CommandContext) async throws -> ExitCode {
        let (invite, invites) = try await context.invitation(named: room)
        let channel = try await invites.acceptInvite(invite.channelID)
        context.console.line("Joined \(context.console.inert(channel.name)).")
        return .success
    }
}

/// `tteok decline ROOM`
struct DeclineCommand: ScriptCommand {
    static let configuration = CommandConfiguration(
        name: "decline", abstract: "Decline an invitation: the room is left and no longer listed.",
        discussion: InvitedRoomArgument.discussion, arguments: InvitedRoomArgument.definitions)

    let room: String

    init(_ arguments: ParsedArguments, globals: GlobalOptions) throws(UsageError) { room = try InvitedRoomArgument.parse(arguments) }

    func run(in context: CommandContext) async throws -> ExitCode {
        let (invite, invites) = try await context.invitation(named: room)
        try await invites.declineInvite(invite.channelID)
        context.console.line("Declined \(context.console.inert(invite.name)).")
        return .success
    }
}
