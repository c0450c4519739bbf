import ChatCore

/// The words of invitations in the Direct tab and of the questions that answer them. Names in
/// them are other people's words: the caller passes them inert.
extension UIStrings {
    private func choose(_ english: String, _ korean: String) -> String {
        language == .korean ? korean : english
    }

    public var invitationsHeading: String { choose("Invitations", "초대") }
    /// A direct-conversation invitation, in place of a room's name.
    public var requestToTalk: String { choose("request to talk", "대화 요청") }
    public func invitedBy(_ name: String) -> String { choose("invited by \(name)", "\(name) 님의 초대") }
    /// Beside the highlighted invitation.
    public var inviteKeys: String { choose("Enter accept · x decline", "Enter 수락 · x 거절") }
    /// `Accept Owner's invitation to Lobby?` / `Talk with Owner?`; names already inert.
    public func askAccept(room: String, inviter: String, direct: Bool) -> String {
        direct ? choose("Talk with \(inviter)? (accepts the request)", "\(inviter) 님과 대화할까요? (요청 수락)")
            : choose("Join \(room)? (\(inviter)'s invitation)", "\(room) 방에 들어갈까요? (\(inviter) 님의 초대)")
    }
    public var acceptChoice: String { choose("Accept", "수락") }
    public func askDecline(room: String, inviter: String, direct: Bool) -> String {
        direct ? choose("Decline \(inviter)'s request to talk?", "\(inviter) 님의 대화 요청을 거절할까요?")
            : choose("Decline \(inviter)'s invitation to \(room)?", "\(inviter) 님의 \(room) 방 초대를 거절할까요?")
    }
    public var declineChoice: String { choose("Decline", "거절") }
}
