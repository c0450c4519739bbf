import ChatCore

/// What the moderators' actions say (`ModerationModel`).
extension Strings {
    public func channelCreated(_ name: String) -> String { pick("Created #\(name).", "#\(name) 채널을 만들었습니다.") }
    public func channelRenamed(_ name: String) -> String { pick("Renamed to #\(name).", "#\(name)(으)로 이름을 바꿨습니다.") }
    public func channelArchived(_ name: String) -> String {
        pick("Archived #\(name): it can be read, not written to.", "#\(name) 채널을 보관했습니다. 읽을 수만 있습니다.")
    }
    public func sanctioned(_ kind: SanctionKind, _ nickname: String) -> String {
        switch kind {
        case .mute: return pick("Muted \(nickname): they read but cannot post.", "\(nickname) 님을 음소거했습니다. 읽기만 할 수 있습니다.")
        case .ban: return pick("Banned \(nickname): their session ended.", "\(nickname) 님을 차단했습니다. 세션이 끝났습니다.")
        }
    }
    /// The reason stored when a moderator gave none.
    public var noReasonGiven: String { pick("no reason given", "사유 없음") }
    public var moderationUnavailable: String {
        pick("Moderation commands are for the embedded community; on Matrix a room's power levels decide.",
             "관리 명령은 내장 커뮤니티용입니다. Matrix에서는 방의 권한 수준이 정합니다.")
    }
}
