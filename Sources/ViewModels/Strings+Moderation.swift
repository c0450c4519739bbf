import ChatCore

/// What the moderators' actions say (`ModerationModel`).
extension Strings {
    public func channelCreated(_ name: String) -> String { pick("Created #\(name).", "#\(name) 채널을 만들었습니다.") }
    public func channelRenamed(_ name: String) -> String { pick("Renamed to #\(name).", "#\(name)(으)로 이름을 바꿨습니다.") }
    public func channelArchived(_ name: String) -> String {
        pick("Archived #\(name): it can be read, not written to.", "#\(name) 채널을 보관했습니다. 읽을 수만 있습니다.")
    }
    public func channelRestored(_ name: String) -> String {
        pick("Restored #\(name): members post there again.", "#\(name) 채널을 되살렸습니다. 다시 글을 쓸 수 있습니다.")
    }
    public func sanctioned(_ kind: SanctionKind, _ nickname: String) -> String {
        switch kind {
        case .mute: return pick("Muted \(nickname): they read but cannot post.", "\(nickname) 님을 음소거했습니다. 읽기만 할 수 있습니다.")
        case .ban: return pick("Banned \(nickname): their session ended.", "\(nickname) 님을 차단했습니다. 세션이 끝났습니다.")
        }
    }
    public func lifted(_ kind: SanctionKind, _ member: String) -> String {
        switch kind {
        case .mute: return pick("Unmuted \(member).", "\(member) 님의 음소거를 풀었습니다.")
        case .ban: return pick("Unbanned \(member).", "\(member) 님의 차단을 풀었습니다.")
        }
    }
    public func termsPublished(_ version: Int) -> String {
        pick("Published terms version \(version): members agree again before posting.",
             "약관 \(version)판을 게시했습니다. 회원은 다시 동의해야 글을 쓸 수 있습니다.")
    }
    public func reportsTitle(_ count: Int) -> String { pick("Reports (\(count))", "신고 (\(count)건)") }
    /// `#3 Mina in #마포구: “spam” — Bob: buy now`.
    public func reportLine(_ report: ReportRecord) -> String {
        let place = report.channelName.isEmpty ? pick("a direct conversation", "1:1 대화") : "#" + report.channelName
        let said = "\(report.message.senderNickname): \(report.message.content.summary)"
        return pick("#\(report.id) \(report.reporter.nickname) in \(place): “\(report.reason)” — \(said)",
                    "#\(report.id) \(report.reporter.nickname), \(place): “\(report.reason)” — \(said)")
    }
    public func sanctionsTitle(_ count: Int) -> String { pick("Mutes and bans (\(count))", "음소거와 차단 (\(count)건)") }
    /// `ban Bob by Mina: “spam links”`.
    public func sanctionLine(_ sanction: Sanction) -> String {
        let kind = sanction.kind == .mute ? pick("mute", "음소거") : pick("ban", "차단")
        return pick("\(kind) \(sanction.member.nickname) by \(sanction.moderator): “\(sanction.reason)”",
                    "\(kind) \(sanction.member.nickname) (\(sanction.moderator)): “\(sanction.reason)”")
    }
    /// The reason stored when a moderator gave none.
    public var noReasonGiven: String { pick("no reason given", "사유 없음") }
    public var moderationUnavailable: String {
        pick("Moderation commands are for the embedded community; on Matrix a room's power levels decide.",
             "관리 명령은 내장 커뮤니티용입니다. Matrix에서는 방의 권한 수준이 정합니다.")
    }
}
