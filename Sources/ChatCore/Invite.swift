/// An invitation to a room that is waiting for the viewer's answer.
public struct Invite: Hashable, Sendable, Codable {
    public var channelID: ChannelID
    /// The room's name as the invite describes it (another client's words: shown inert).
    public var name: String
    /// Who invited.
    public var inviter: UserProfile
    /// A direct conversation rather than a room.
    public var isDirect: Bool

    public init(channelID: ChannelID, name: String, inviter: UserProfile, isDirect: Bool) {
        self.channelID = channelID
        self.name = name
        self.inviter = inviter
        self.isDirect = isDirect
    }
}
