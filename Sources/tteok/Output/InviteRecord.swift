import ChatCore

/// One row of `tteok invites`.
struct InviteRecord: Encodable, Sendable {
    let id: String
    let name: String
    /// `room` or `direct`.
    let kind: String
    let inviterID: String
    let inviterNickname: String

    init(_ invite: Invite) {
        id = invite.channelID.raw
        name = invite.name
        kind = invite.isDirect ? "direct" : "room"
        inviterID = invite.inviter.id.raw
        inviterNickname = invite.inviter.nickname
    }

    /// `name  (direct)  invited by nick (@id)  !room` for a terminal.
    func line(_ console: Console) -> String {
        var parts = [console.inert(name)]
        if kind == "direct" { parts.append("(direct)") }
        parts.append("invited by \(console.inert(inviterNickname)) (\(console.inert(inviterID)))")
        parts.append(console.inert(id))
        return parts.joined(separator: "  ")
    }
}
