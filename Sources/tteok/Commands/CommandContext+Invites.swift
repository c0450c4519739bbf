import ChatCore

extension CommandContext {
    /// The backend's invitations for a signed-in member, or a clear refusal where it has none
    /// (the embedded community: every channel is open to every member).
    func invitesService() async throws -> any InvitesService {
        _ = try await requireMember()
        guard let invites = service as? any InvitesService else {
            throw ChatError.unsupported("Invitations exist only on a Matrix homeserver (--homeserver).")
        }
        return invites
    }

    /// The invitation whose room id or name is `name` (exactly, then ignoring case).
    func invitation(named name: String) async throws -> (Invite, any InvitesService) {
        let invites = try await invitesService()
        await service.catchUp()
        let all = try await invites.invites()
        guard let found = all.first(where: { $0.channelID.raw == name }) ?? all.first(where: { $0.name == name })
                ?? all.first(where: { $0.name.lowercased() == name.lowercased() }) else {
            throw ChatError.noSuchChannel(name)
        }
        return (found, invites)
    }
}
