import ChatCore

/// Invitations waiting for the viewer's answer (Matrix: rooms and direct-conversation requests),
/// kept live for the whole session so the status line can say when one arrives, whatever page
/// is shown, and the Direct tab lists them with who invited. Accepting joins and opens the room
/// (through the nickname gate); declining leaves it. A backend without invitations has none.
@MainActor
public final class InvitationsModel {
    public private(set) var invites: [Invite] = []
    /// The newest arrival, for the status line until the next key.
    public private(set) var notice: String?

    private let service: any ChatService
    private let invitations: (any InvitesService)?
    private let strings: Strings
    private let changes: ChangeSignal
    private let gate: NicknameGate

    init(context: ModelContext, gate: NicknameGate) {
        service = context.service
        invitations = context.service as? any InvitesService
        strings = context.strings
        changes = context.changes
        self.gate = gate
    }

    /// Reads the list once the community listens: an invitation arriving in between is not
    /// missed. What was already waiting is listed without a notice.
    func start() async {
        guard invitations != nil else { return }
        await fetch(announcing: false)
    }

    /// One live event of the community's stream (the community listens once for all it keeps).
    /// The events `handle` acts on.
    static func handles(_ event: ChatEvent) -> Bool {
        switch event {
        case .channelsChanged, .blocksChanged, .viewerChanged: true
        default: false
        }
    }

    func handle(_ event: ChatEvent) async {
        guard invitations != nil else { return }
        switch event {
        case .channelsChanged, .blocksChanged, .viewerChanged: await fetch(announcing: true)
        default: break
        }
    }

    func close() {
        invites = []
        notice = nil
    }

    /// Joins the invited room and opens it; a direct one opens as the conversation with its inviter.
    @discardableResult
    public func accept(_ invite: Invite) async -> GateOutcome {
        guard let invitations else { return .failed(strings.noSuchInvite) }
        do {
            let channel = try await invitations.acceptInvite(invite.channelID)
            await fetch(announcing: false)
            // A space is joined but is no chat to open: say where its rooms are instead.
            if channel.isSpace { return .refused(strings.joinedSpace(channel.name)) }
            return await gate.open(invite.isDirect ? .person(invite.inviter) : .channel(channel))
        } catch {
            await fetch(announcing: false)
            return .failed(strings.error(error))
        }
    }

    /// Refuses the invitation; nil when done, else why not.
    public func decline(_ invite: Invite) async -> String? {
        guard let invitations else { return strings.noSuchInvite }
        do {
            try await invitations.declineInvite(invite.channelID)
            await fetch(announcing: false)
            return nil
        } catch {
            await fetch(announcing: false)
            return strings.error(error)
        }
    }

    public func clearNotice() {
        guard notice != nil else { return }
        notice = nil
        changes.publish()
    }

    /// Re-reads the list; with `announcing`, one not listed before becomes the notice.
    private func fetch(announcing: Bool) async {
        guard let invitations, case .member = await service.viewer() else {
            invites = []
            return changes.publish()
        }
        guard let fresh = try? await invitations.invites() else { return }
        let known = Set(invites.map(\.channelID))
        let arrived = announcing ? fresh.last { !known.contains($0.channelID) } : nil
        guard fresh != invites || arrived != nil else { return }
        if let arrived { notice = strings.invitationArrived(arrived, waiting: fresh.count) }
        invites = fresh
        changes.publish()
    }
}
