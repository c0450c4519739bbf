/// Invitations a member answers: rooms and direct conversations someone else asked them into.
///
/// Not part of `ChatService`: only Matrix has invitations (the embedded community's channels are
/// open to every member), so callers ask (`service as? any InvitesService`). A direct
/// conversation from someone the viewer shares no room with is an invitation like any other: it
/// waits for an answer and is never joined behind the viewer's back.
public protocol InvitesService: AnyObject, Sendable {
    /// Invitations waiting for an answer, by name; none from blocked people.
    func invites() async throws -> [Invite]
    /// Joins the invited room (a direct one becomes a conversation); returns it as a channel.
    func acceptInvite(_ channel: ChannelID) async throws -> Channel
    /// Refuses the invitation; the room is left and no longer listed.
    func declineInvite(_ channel: ChannelID) async throws
}
