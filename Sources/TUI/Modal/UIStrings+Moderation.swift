import ChatCore

/// The moderators' questions and lists (`ModerationRunner`, `ListingPane`). Outside text in them
/// (a channel's or member's name) is made inert when drawn.
extension UIStrings {
    private func pick(_ english: String, _ korean: String) -> String {
        language == .korean ? korean : english
    }

    public func askRename(_ old: String, _ new: String) -> String { pick("Rename #\(old) to #\(new)?", "#\(old) 채널 이름을 #\(new)(으)로 바꿀까요?") }
    public var renameChoice: String { pick("Rename", "이름 바꾸기") }
    public func askArchive(_ name: String) -> String {
        pick("Archive #\(name)? It stays readable; nobody can post there.", "#\(name) 채널을 보관할까요? 읽을 수는 있고 아무도 글을 쓸 수 없습니다.")
    }
    public var archiveChoice: String { pick("Archive", "보관") }
    public func askSanction(_ kind: SanctionKind, _ member: String, _ reason: String?) -> String {
        let why = reason.map { pick(" for “\($0)”", " (사유: “\($0)”)") } ?? pick(" (no reason given)", " (사유 없음)")
        switch kind {
        case .mute: return pick("Mute \(member)\(why)? They can read but not post.", "\(member) 님을 음소거할까요\(why)? 읽기만 할 수 있습니다.")
        case .ban: return pick("Ban \(member)\(why)? Their sessions end now.", "\(member) 님을 차단할까요\(why)? 세션이 바로 끝납니다.")
        }
    }
    public func sanctionChoice(_ kind: SanctionKind) -> String {
        kind == .mute ? pick("Mute", "음소거") : pick("Ban", "차단")
    }
    public func askPublishTerms(_ path: String) -> String {
        pick("Publish \(path) as the new terms? Every member agrees again before posting.",
             "\(path) 파일을 새 약관으로 게시할까요? 모든 회원이 다시 동의해야 글을 쓸 수 있습니다.")
    }
    public var publishChoice: String { pick("Publish", "게시") }
    public func openAChannelFirst(_ usage: String) -> String {
        pick("Open the channel first: \(usage) acts on the channel shown.", "먼저 채널을 여세요. \(usage) 명령은 보이는 채널에 적용됩니다.")
    }
    public func unreadableTerms(_ path: String) -> String {
        pick("\(path) cannot be read as UTF-8 text, or is empty.", "\(path) 파일을 UTF-8 텍스트로 읽을 수 없거나 비어 있습니다.")
    }
    /// An empty list.
    public var nothingListed: String { pick("Nothing to list.", "목록이 비어 있습니다.") }
    /// The first row of a list too long for the screen, which shows its newest entries.
    public func earlierLeftOut(_ count: Int) -> String { pick("… \(count) earlier", "… 이전 \(count)건") }
    public func moreLeftOut(_ count: Int) -> String { pick("… \(count.groupedDigits) more", "… 그 밖에 \(count.groupedDigits)") }
}
