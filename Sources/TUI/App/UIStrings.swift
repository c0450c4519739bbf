import ChatCore
import ViewModels

/// Labels, hints and messages of the terminal front end, in English and Korean. Strings that the
/// screens share with other front ends live in ViewModels' `Strings`.
public struct UIStrings: Hashable, Sendable {
    public let language: Language
    /// The view models' strings in the same language.
    public var shared: Strings { Strings(language) }

    public init(_ language: Language) { self.language = language }

    private func pick(_ english: String, _ korean: String) -> String {
        language == .korean ? korean : english
    }

    public var appName: String { "tteok" }
    public var welcomeTitle: String { pick("Welcome to tteok", "떡에 오신 것을 환영합니다") }
    public var welcomeSubtitle: String { pick("Regional chat for tteokbokki lovers", "떡볶이를 사랑하는 지역 커뮤니티") }
    public var chooseHint: String { pick("↑/↓ choose · Enter select · q quit", "↑/↓ 선택 · Enter 확인 · q 종료") }
    public var formHint: String { pick("Tab next field · Enter submit · Esc back", "Tab 다음 칸 · Enter 제출 · Esc 뒤로") }
    public var termsHint: String { pick("Space tick · Tab move · Enter on Join", "Space 체크 · Tab 이동 · Enter 가입") }
    public var listHint: String { pick("↑/↓ move · Enter open · ? help · q quit", "↑/↓ 이동 · Enter 열기 · ? 도움말 · q 종료") }
    public var guestHint: String { pick("l or /login to log in", "l 또는 /login 으로 로그인") }
    /// In a chat `l` types: only the command logs in.
    public var guestChatLogInHint: String { pick("/login to log in", "/login 으로 로그인") }
    public var commandHint: String { pick("Enter run · Esc cancel", "Enter 실행 · Esc 취소") }
    public var pickChannel: String { pick("Pick a channel on the left and press Enter.", "왼쪽에서 채널을 고르고 Enter를 누르세요.") }
    public var online: String { pick("online", "연결됨") }
    public var connecting: String { pick("connecting…", "연결 중…") }
    public func reconnecting(_ seconds: Double) -> String {
        pick("reconnecting in \(Int(seconds.rounded(.up)))s", "\(Int(seconds.rounded(.up)))초 후 재연결")
    }
    public func offline(_ reason: String) -> String { pick("offline: \(reason)", "오프라인: \(reason)") }
    public var olderLoading: String { pick("Loading older messages…", "이전 메시지를 불러오는 중…") }
    public var beginning: String { pick("— the beginning of this chat —", "— 대화의 시작 —") }
    /// The line above the first message not read when the chat opened.
    public var newMessagesLine: String { pick("new messages", "새 메시지") }
    /// Scrolled back, beside the chat's title: messages that arrived below the view.
    public func newBelow(_ count: Int) -> String { pick("\(count) new ↓ End", "새 메시지 \(count)개 ↓ End") }
    /// Scrolled back with nothing new below.
    public var moreBelow: String { pick("more below ↓ End", "아래에 더 있음 ↓ End") }
    public var noMessages: String { pick("No messages yet.", "아직 메시지가 없습니다.") }
    public var messageCut: String { pick("[… the rest of this message is not shown]", "[… 메시지의 나머지는 표시하지 않습니다]") }
    /// After the part of a message longer than tteok reads (`ReadingCap`): how much was left out.
    public func messageMore(kilobytes: Int) -> String { pick("[… \(kilobytes) KB more]", "[… \(kilobytes) KB 더 있음]") }
    public var sending: String { pick("sending…", "보내는 중…") }
    /// Stands in for an end-to-end encrypted message tteok has no key for.
    public var encryptedMessage: String { pick("encrypted message — cannot be read on this device", "암호화된 메시지 — 이 기기에서는 읽을 수 없습니다") }
    /// Stands in for a message its sender or a moderator deleted.
    public var deletedMessage: String { pick("message deleted", "삭제된 메시지") }
    /// Stands in for a message a moderator deleted: nobody takes it for the sender's choice.
    public var deletedByModerator: String { pick("deleted by a moderator", "관리자가 삭제한 메시지") }
    /// After the nickname of a message from a device never verified (encrypted rooms only).
    public var unverifiedMark: String { pick("?", "?") }
    /// After the nickname of a message from a device whose keys changed since it was verified.
    public var keysChangedMark: String { pick("(!) keys changed", "(!) 키 변경됨") }
    /// A reply whose original cannot be shown.
    public var replyUnavailable: String { pick("original message unavailable", "원본 메시지를 볼 수 없음") }
    public var edited: String { pick("(edited)", "(수정됨)") }
    public func threadTitle(_ root: String) -> String { pick("Thread · \(root)", "스레드 · \(root)") }
    /// → on a line of the thread shown: threads are one level deep, so its thread is this one.
    public var alreadyInThread: String { pick("This thread is open already.", "이미 이 스레드를 보고 있습니다.") }
    /// A command that posts to the chat itself, typed in a thread's view.
    public func notInThread(_ usage: String) -> String {
        pick("\(usage) posts to the chat, not a thread: Esc Esc goes back to the chat.",
             "\(usage)은(는) 스레드가 아니라 채팅에 올립니다. Esc 두 번으로 채팅으로 돌아가세요.")
    }
    public func threadReplies(_ count: Int) -> String { pick(count == 1 ? "1 reply" : "\(count) replies", "답글 \(count)개") }
    /// Thread replies the viewer has not yet seen in the thread's view.
    public func threadUnread(_ count: Int) -> String { pick("\(count) new", "새 답글 \(count)개") }
    public func failed(_ reason: String) -> String {
        pick("not sent: \(reason) · Esc ↑ then t send again · d discard", "보내지 못함: \(reason) · Esc ↑ 다음 t 다시 보내기 · d 버리기")
    }
    public func messagesToday(_ count: Int) -> String { pick("\(count) today", "오늘 \(count)개") }
    public var quickSwitcherTitle: String { pick("Jump to a channel", "채널로 이동") }
    public var quickSwitcherHint: String { pick("type part of a name · ↑/↓ · Enter open · Esc close", "이름 일부 입력 · ↑/↓ · Enter 열기 · Esc 닫기") }
    public var noMatches: String { pick("No channel matches.", "일치하는 채널이 없습니다.") }
    public var nicknameHint: String { pick("Enter save · Esc cancel", "Enter 저장 · Esc 취소") }
    public var helpTitle: String { pick("Keys and commands", "키와 명령어") }
    public var helpClose: String { pick("Esc or ? closes this help", "Esc 또는 ?로 닫기") }
    public var helpScrollHint: String { pick("↑/↓ scroll · Esc closes this help", "↑/↓ 스크롤 · Esc로 닫기") }
    public var keysHeading: String { pick("Keys", "키") }
    public var commandsHeading: String { pick("Commands", "명령어") }
    public var alertDismiss: String { pick("Press Enter", "Enter를 누르세요") }
    public func unknownCommand(_ name: String) -> String {
        pick("Unknown command /\(name). Type /help for the list.", "알 수 없는 명령어 /\(name) 입니다. /help 로 목록을 보세요.")
    }
    public func missingArgument(_ usage: String) -> String { pick("Usage: \(usage)", "사용법: \(usage)") }
    public func unknownTheme(_ name: String, _ available: [String]) -> String {
        pick("No theme \(name). Available: \(available.joined(separator: ", "))", "\(name) 테마가 없습니다. 사용 가능: \(available.joined(separator: ", "))")
    }
    public func themesAvailable(_ names: [String]) -> String {
        pick("Themes: \(names.joined(separator: ", ")) — /theme NAME", "테마: \(names.joined(separator: ", ")) — /theme 이름")
    }
    public func themeChanged(_ name: String) -> String { pick("Theme: \(name)", "테마: \(name)") }
    public var alreadyMember: String { pick("You are already logged in. /logout first.", "이미 로그인되어 있습니다. 먼저 /logout 하세요.") }
    public var notInCommunity: String { pick("Not available here.", "여기서는 사용할 수 없습니다.") }
    public var guestsCannotEdit: String { pick("Log in to edit your profile.", "프로필을 바꾸려면 로그인해주세요.") }
    public var profileHint: String { pick("Edit: /nick NAME · /region NAME", "수정: /nick 이름 · /region 지역") }
    public var saved: String { pick("Saved.", "저장했습니다.") }
    public var directSearchLabel: String { pick("Find: ", "찾기: ") }
    public var directSearchPlaceholder: String { pick("i: find a member by nickname or email", "i: 닉네임이나 이메일로 회원 찾기") }
    public var directSearchHint: String { pick("Enter search members · Esc done", "Enter 회원 찾기 · Esc 끝") }
    public var membersHeading: String { pick("Members — Enter starts a conversation", "회원 — Enter로 대화 시작") }
    public var noConversationMatches: String { pick("No conversation matches.", "일치하는 대화가 없습니다.") }
    /// "Guest" or the member's nickname, as the community keeps it live (nil: no community yet).
    public func name(of viewer: Viewer?) -> String {
        guard let viewer, case .member = viewer else { return shared.guestName }
        return viewer.displayName
    }
    public var unreadMark: String { "●" }
    public var checkboxOn: String { "[x]" }
    public var checkboxOff: String { "[ ]" }
}
