import ChatCore

/// Every user-facing string of the screens, in the caller's language.
///
/// The Korean strings that the original app had are kept word for word (SPEC 11).
public struct Strings: Hashable, Sendable {
    public let language: Language

    public init(_ language: Language) { self.language = language }

    func pick(_ english: String, _ korean: String) -> String {
        language == .korean ? korean : english
    }

    // MARK: Input bar and sending
    public var typeMessage: String { pick("Type a message", "채팅을 입력해주세요!") }
    public var logInToChat: String { pick("Log in to chat", "채팅 입력을 위해 로그인해주세요!") }
    public var guestCannotSend: String {
        pick("Login required — guests can't send messages.", "로그인이 필요한 기능입니다. 게스트는 메세지를 보낼 수 없습니다.")
    }

    public var sayHelloFirst: String { pick("Send a text message first; images follow.", "먼저 메시지를 보낸 뒤 이미지를 보낼 수 있습니다.") }

    // MARK: Gates
    public var setNicknameFirst: String { pick("Set your nickname first.", "닉네임 설정을 먼저 해주세요.") }
    public var agreeToTerms: String { pick("Please agree to the terms.", "약관에 동의를 해주세요.") }
    /// The session ended while in use, for no reason the community gave (signed out elsewhere).
    public var sessionEnded: String { pick("Your session ended: log in again.", "세션이 끝났습니다. 다시 로그인해주세요.") }
    public var nicknameEmpty: String { pick("The nickname can't be empty.", "닉네임을 입력해주세요.") }
    public var nicknamePrompt: String { pick("Choose a nickname", "닉네임을 정해주세요") }

    // MARK: Welcome and forms
    public var logIn: String { pick("Log in", "로그인") }
    public var signUp: String { pick("Sign up", "회원가입") }
    public var continueAsGuest: String { pick("Continue as guest", "게스트로 로그인") }
    public var logOut: String { pick("Log out", "로그아웃") }
    public var email: String { pick("Email", "이메일") }
    public var password: String { pick("Password", "비밀번호") }
    public var nicknameOptional: String { pick("Nickname (optional)", "닉네임 (선택)") }
    public var regionOptional: String { pick("Region (optional)", "지역 (선택)") }
    public var userName: String { pick("Username", "사용자 이름") }
    /// The first field of the log-in and sign-up forms.
    public func identifier(_ naming: AccountNaming) -> String {
        switch naming {
        case .email: return email
        case .userName: return userName
        }
    }
    /// Under the user name field: a localpart or a full Matrix ID both work.
    public var userNameHint: String { pick("a name like mina, or @mina:server", "mina 같은 이름이나 @mina:서버") }
    public func identifierAndPasswordRequired(_ naming: AccountNaming) -> String {
        switch naming {
        case .email: return pick("Enter your email and password.", "이메일과 비밀번호를 입력해주세요.")
        case .userName: return pick("Enter your username and password.", "사용자 이름과 비밀번호를 입력해주세요.")
        }
    }

    // MARK: Terms
    public var termsTitle: String { pick("Community rules", "커뮤니티 이용 규칙") }
    public var termsBody: [String] {
        language == .korean
            ? ["서로 존중해주세요. 욕설, 혐오, 괴롭힘은 허용되지 않습니다.",
               "욕설과 비속어는 화면에서 가려집니다 (목록은 ~/.config/tteok/filter.txt 에서 더하거나 뺄 수 있습니다).",
               "불쾌한 메시지는 신고하고 (/report 사유), 원하지 않는 사용자는 차단할 수 있습니다 (/block 닉네임).",
               "신고는 운영자가 검토하며, 신고된 내용은 삭제될 수 있고 규칙을 어긴 계정은 이용이 제한됩니다."]
            : ["Be respectful. No insults, hate or harassment.",
               "Objectionable words are masked on screen (add or remove words in ~/.config/tteok/filter.txt).",
               "Report objectionable messages (/report REASON) and block users you do not want to hear from (/block NAME).",
               "Moderators review every report: reported content may be removed, and accounts that break the rules lose access."]
    }
    public var termsCheckbox: String { pick("I agree to the community rules", "커뮤니티 이용 규칙에 동의합니다") }
    public var join: String { pick("Join", "가입하기") }

    // MARK: Tabs and screens
    public func tabTitle(_ tab: Tab) -> String {
        switch tab {
        case .discover: return pick("Discover", "둘러보기")
        case .channels: return pick("Channels", "채널")
        case .direct: return pick("Direct", "대화")
        case .profile: return pick("Profile", "마이페이지")
        }
    }
    public var currentRegion: String { pick("current region", "현재 지역") }
    public var guestName: String { pick("Guest", "게스트") }
    public var loading: String { pick("Loading…", "불러오는 중…") }
    public var noActivity: String { pick("No channel was active in the last day.", "최근 하루 동안 활발한 채널이 없습니다.") }
    public var noConversations: String { pick("No conversations yet.", "아직 대화가 없습니다.") }
    public func spaceIsNotAChat(_ name: String) -> String {
        pick("\(name) is a space: it groups rooms and is not a chat. Open one of the rooms under it.",
             "\(name)은(는) 스페이스입니다. 방들을 묶을 뿐 대화방이 아닙니다. 아래의 방 중 하나를 여세요.")
    }
    public func joinedSpace(_ name: String) -> String {
        pick("You joined the space \(name). Its rooms are listed under it in Channels.",
             "\(name) 스페이스에 참여했습니다. 그 안의 방은 채널 목록에서 스페이스 아래에 있습니다.")
    }
    public var logInForConversations: String { pick("Log in to talk with other members.", "대화하려면 로그인해주세요.") }
    public var noMembersFound: String { pick("No member found.", "회원을 찾을 수 없습니다.") }
    public var nickname: String { pick("Nickname", "닉네임") }
    public var region: String { pick("Region", "지역") }
    public var messagesPosted: String { pick("Messages posted", "작성한 메시지") }
    public var myMessages: String { pick("My messages", "내 메시지") }
    public var unread: String { pick("new", "새 메시지") }
    /// On the status line when an invitation arrives; the names are other people's words (the
    /// status line makes them inert).
    public func invitationArrived(_ invite: Invite, waiting: Int) -> String {
        let inviter = invite.inviter.nickname
        let what = invite.isDirect ? pick("\(inviter) wants to talk with you", "\(inviter) 님이 대화를 요청했습니다")
            : pick("\(inviter) invited you to \(invite.name)", "\(inviter) 님이 \(invite.name) 방에 초대했습니다")
        return what + pick(" — 3 Direct (\(waiting) waiting)", " — 3 대화 (\(waiting)개 대기)")
    }
    public var noSuchInvite: String { pick("This server has no invitations.", "이 서버에는 초대가 없습니다.") }

    // MARK: Safety
    public var reportSent: String {
        pick("Reported. Thank you — a moderator will review it.", "신고가 접수되었습니다. 검토 후 조치하겠습니다.")
    }
    public var reportNeedsReason: String { pick("Say why you are reporting this message.", "신고 사유를 입력해주세요.") }
    public var cannotReportOwnMessage: String { pick("That is your own message.", "내 메시지는 신고할 수 없습니다.") }
    public var relationsUnavailable: String {
        pick("Replies, edits, reactions and deletions are not available here yet.", "여기서는 아직 답장·수정·반응·삭제를 할 수 없습니다.")
    }
    public var editOnlyYours: String { pick("Only its sender can edit a message.", "메시지는 보낸 사람만 수정할 수 있습니다.") }
    public var encryptionUnavailable: String {
        pick("Only Matrix rooms can be end-to-end encrypted.", "종단간 암호화는 Matrix 방에서만 쓸 수 있습니다.")
    }
    public var threadsUnavailable: String { pick("Threads are not available here.", "여기서는 스레드를 쓸 수 없습니다.") }
    public var selectMessageFirst: String { pick("Select a message first.", "먼저 메시지를 선택해주세요.") }
    public var nothingUnsent: String {
        pick("Only a message of yours that was not sent can be retried or discarded.", "보내지 못한 내 메시지만 다시 보내거나 버릴 수 있습니다.")
    }
    public var cannotBlockYourself: String { pick("You can't block yourself.", "자기 자신은 차단할 수 없습니다.") }
    public var logInToReportOrBlock: String {
        pick("Log in to report or block.", "신고나 차단을 하려면 로그인해주세요.")
    }
    public func blocked(_ name: String) -> String {
        pick("Blocked \(name). Their messages are hidden.", "\(name)님을 차단했습니다. 이 사용자의 메시지는 보이지 않습니다.")
    }
    public func unblocked(_ name: String) -> String { pick("Unblocked \(name).", "\(name)님의 차단을 해제했습니다.") }
    public func notBlocked(_ name: String) -> String { pick("\(name) is not blocked.", "\(name)님은 차단되어 있지 않습니다.") }
    public var blockedUsers: String { pick("Blocked users", "차단한 사용자") }
    public var noBlockedUsers: String { pick("You have not blocked anyone.", "차단한 사용자가 없습니다.") }

    // MARK: Ranks
    public func rankTitle(_ rank: Rank) -> String {
        guard language == .korean else { return rank.title }
        switch rank {
        case .newcomer: return "떡볶이 순례길의 초행자"
        case .freeTraveller: return "떡볶길을 자유 여행하는 탐방자"
        case .veteran: return "떡볶길의 베테랑 탐험자"
        case .commander: return "떡볶이 순례길의 지휘관"
        case .master: return "떡볶이의 모든 것을 통찰하는 대가"
        }
    }

    // MARK: Refusals and errors
    public func denial(_ denial: PostingDenial) -> String {
        switch denial {
        case .guest: return guestCannotSend
        case .notSignedIn: return pick("Not signed in. Log in first.", "로그인되어 있지 않습니다. 먼저 로그인해주세요.")
        case .notYourRegion(let region): return pick("Only members of \(region) can post here.", "\(region) 지역 회원만 글을 쓸 수 있습니다.")
        case .noNickname: return setNicknameFirst
        case .blocked: return pick("You can't message this person.", "이 사용자에게 메시지를 보낼 수 없습니다.")
        case .readOnlyRoom: return pick("You don't have permission to post in this room.", "이 방에 글을 쓸 권한이 없습니다.")
        case .termsNotAccepted: return agreeToTerms
        case .termsChanged: return pick("The community's terms have changed: agree to the new terms first.", "커뮤니티 약관이 바뀌었습니다. 새 약관에 먼저 동의해주세요.")
        case .muted(let until):
            let end = until.map(PostingDenial.timeText)
            return pick("A moderator muted you" + (end.map { " until \($0)" } ?? " until they lift it") + ": you can read but not post.",
                        "운영자가 " + (end.map { "\($0)까지 " } ?? "") + "글쓰기를 제한했습니다. 읽기만 할 수 있습니다.")
        case .archivedChannel: return pick("This channel is archived: it can be read, not written to.", "보관된 채널입니다. 읽을 수만 있습니다.")
        case .encryptedRoom:
            return pick("This room is end-to-end encrypted and encryption is off for this session.",
                        "종단간 암호화된 방인데 이 세션에서는 암호화를 쓸 수 없습니다.")
        case .space:
            return pick("This is a space: it groups rooms and is not a chat. Post in one of its rooms.",
                        "스페이스는 방들을 묶을 뿐 대화방이 아닙니다. 그 안의 방에 글을 쓰세요.")
        }
    }

    /// A failure in the user's language; backend-provided words stay as the backend gave them.
    public func error(_ error: any Error) -> String {
        guard let error = error as? ChatError else { return pick("Something went wrong.", "문제가 발생했습니다.") }
        guard language == .korean else { return error.message }
        switch error {
        case .denied(let reason): return denial(reason)
        case .wrongPassword: return "이메일 또는 비밀번호가 올바르지 않습니다."
        case .accountExists(let who): return "\(who) 계정이 이미 있습니다."
        case .noSuchAccount(let who): return "\(who) 계정이 없습니다."
        case .noSuchChannel(let name): return "\(name) 채널이 없습니다."
        case .noSuchUser(let name): return "\(name) 회원이 없습니다."
        case .noSuchMessage: return "메시지가 더 이상 없습니다."
        case .tooLarge: return "너무 큽니다: \(error.message)"
        case .offline(let why): return "오프라인: \(why)"
        case .rateLimited(let ms): return "서버가 \(ms)ms 기다려 달라고 합니다. 다시 시도합니다."
        case .badResponse(let why): return "서버 응답이 올바르지 않습니다: \(why)"
        case .storage(let why): return "저장소 오류: \(why)"
        case .invalidInput, .server, .unsupported, .forbidden: return error.message
        }
    }
}
