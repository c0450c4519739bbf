import FoundationEssentials

/// Every slash command: its name, its argument, what it does, and how its line is parsed.
/// `/help` lists this table, so the help cannot miss a command.
public enum CommandRegistry {
    /// One command as the registry knows it.
    public struct Entry: Sendable {
        public let name: String
        /// The argument's placeholder (`NAME`), nil when the command takes none.
        public let argument: String?
        /// True when the argument may be left out.
        public let argumentOptional: Bool
        let make: @Sendable (String?) -> SlashCommand

        public var usage: String {
            guard let argument else { return "/" + name }
            return "/\(name) " + (argumentOptional ? "[\(argument)]" : argument)
        }
    }

    public static let entries: [Entry] = [
        Entry(name: "join", argument: "NAME", argumentOptional: false) { .join($0 ?? "") },
        Entry(name: "dm", argument: "NAME", argumentOptional: false) { .dm($0 ?? "") },
        Entry(name: "nick", argument: "NAME", argumentOptional: false) { .nick($0 ?? "") },
        Entry(name: "region", argument: "NAME", argumentOptional: false) { .region($0 ?? "") },
        Entry(name: "image", argument: "PATH", argumentOptional: false) { .image($0 ?? "") },
        Entry(name: "file", argument: "PATH", argumentOptional: false) { .file($0 ?? "") },
        Entry(name: "reply", argument: "TEXT", argumentOptional: false) { .reply($0 ?? "") },
        Entry(name: "edit", argument: "TEXT", argumentOptional: false) { .edit($0 ?? "") },
        Entry(name: "react", argument: "EMOJI", argumentOptional: true) { .react($0) },
        Entry(name: "me", argument: "TEXT", argumentOptional: false) { .me($0 ?? "") },
        Entry(name: "delete", argument: nil, argumentOptional: false) { _ in .delete },
        Entry(name: "encrypt", argument: nil, argumentOptional: false) { _ in .encrypt },
        Entry(name: "verify", argument: "USER", argumentOptional: true) { .verify($0) },
        Entry(name: "login", argument: nil, argumentOptional: false) { _ in .login },
        Entry(name: "logout", argument: nil, argumentOptional: false) { _ in .logout },
        Entry(name: "theme", argument: "NAME", argumentOptional: true) { .theme($0) },
        Entry(name: "report", argument: "REASON", argumentOptional: false) { .report($0 ?? "") },
        Entry(name: "block", argument: "NAME", argumentOptional: true) { .block($0) },
        Entry(name: "unblock", argument: "NAME", argumentOptional: false) { .unblock($0 ?? "") },
        Entry(name: "create", argument: "NAME", argumentOptional: false) { .moderate(.create($0 ?? "")) },
        Entry(name: "rename", argument: "NAME", argumentOptional: false) { .moderate(.rename($0 ?? "")) },
        Entry(name: "archive", argument: nil, argumentOptional: false) { _ in .moderate(.archive) },
        Entry(name: "unarchive", argument: "NAME", argumentOptional: false) { .moderate(.unarchive($0 ?? "")) },
        Entry(name: "mute", argument: "MEMBER [REASON]", argumentOptional: false) { .moderate(.sanction(.mute, $0 ?? "")) },
        Entry(name: "unmute", argument: "MEMBER", argumentOptional: false) { .moderate(.lift(.mute, member: $0 ?? "")) },
        Entry(name: "ban", argument: "MEMBER [REASON]", argumentOptional: false) { .moderate(.sanction(.ban, $0 ?? "")) },
        Entry(name: "unban", argument: "MEMBER", argumentOptional: false) { .moderate(.lift(.ban, member: $0 ?? "")) },
        Entry(name: "reports", argument: nil, argumentOptional: false) { _ in .moderate(.reports) },
        Entry(name: "sanctions", argument: nil, argumentOptional: false) { _ in .moderate(.sanctions) },
        Entry(name: "terms", argument: "PATH", argumentOptional: false) { .moderate(.publishTerms(path: $0 ?? "")) },
        Entry(name: "msg", argument: "NAME TEXT", argumentOptional: false) { .daily(DailyCommand.message(addressing: $0 ?? "")) },
        Entry(name: "query", argument: "NAME", argumentOptional: false) { .daily(.message(to: $0 ?? "", text: nil)) },
        Entry(name: "part", argument: nil, argumentOptional: false) { _ in .daily(.part) },
        Entry(name: "search", argument: "TEXT", argumentOptional: false) { .daily(.search($0 ?? "")) },
        Entry(name: "open", argument: "N", argumentOptional: false) { .daily(.open($0 ?? "")) },
        Entry(name: "notify", argument: "LEVEL", argumentOptional: true) { .daily(.notify($0)) },
        Entry(name: "next", argument: nil, argumentOptional: false) { _ in .daily(.next) },
        Entry(name: "names", argument: nil, argumentOptional: false) { _ in .daily(.names) },
        Entry(name: "members", argument: nil, argumentOptional: false) { _ in .daily(.members) },
        Entry(name: "help", argument: nil, argumentOptional: false) { _ in .help },
        Entry(name: "quit", argument: nil, argumentOptional: false) { _ in .quit },
    ]

    /// True when `line` is meant as a command (starts with `/`, but not `//`). An unknown
    /// command is refused, never sent as a message.
    public static func isCommand(_ line: String) -> Bool {
        let trimmed = line.trimmingLeadingSpaces
        return trimmed.hasPrefix("/") && !trimmed.hasPrefix("//")
    }

    /// The message a line that is not a command sends: `//text` sends `/text`.
    public static func messageText(_ line: String) -> String {
        let trimmed = line.trimmingLeadingSpaces
        return trimmed.hasPrefix("//") ? String(trimmed.dropFirst()) : line
    }

    /// Parses `/name argument…`; the argument is the rest of the line, trimmed.
    public static func parse(_ line: String) -> Result<SlashCommand, CommandProblem> {
        let body = line.trimmingLeadingSpaces.dropFirst()
        let name = String(body.prefix { !$0.isWhitespace }).lowercased()
        let rest = body.dropFirst(name.count).trimmingWhitespaceAndNewlines()
        guard let entry = entries.first(where: { $0.name == name }) else { return .failure(.unknown(name)) }
        let argument = rest.isEmpty ? nil : rest
        if entry.argument != nil, !entry.argumentOptional, argument == nil {
            return .failure(.missingArgument(usage: entry.usage))
        }
        return .success(entry.make(entry.argument == nil ? nil : argument))
    }
}

extension UIStrings {
    /// What a command does, for `/help`.
    public func summary(of entry: CommandRegistry.Entry) -> String {
        let korean = language == .korean
        switch entry.name {
        case "join": return korean ? "채널 열기" : "open a channel by name"
        case "dm": return korean ? "닉네임이나 이메일로 대화 시작" : "talk with a member"
        case "nick": return korean ? "닉네임 바꾸기" : "change your nickname"
        case "region": return korean ? "지역 바꾸기" : "change your region"
        case "image": return korean ? "이미지 파일 보내기" : "send an image file"
        case "file": return korean ? "파일 보내기" : "send any file"
        case "reply": return korean ? "고른 (없으면 가장 새) 메시지에 답장" : "reply to picked (else newest) message"
        case "edit": return korean ? "고른 (없으면 마지막) 내 메시지 수정" : "edit picked (else last) message of mine"
        case "react": return korean ? "반응 달기 / 내 반응 빼기" : "react, or take mine back"
        case "me": return korean ? "행동 보내기 (* 닉 손흔듦)" : "send an action (* Nick waves)"
        case "delete": return korean ? "고른 (없으면 마지막) 메시지 삭제 (물어봄)" : "delete picked (else my last) message (asks)"
        case "encrypt": return korean ? "이 방 암호화 (되돌릴 수 없음, 물어봄)" : "encrypt this room (for good; asks)"
        case "verify": return korean ? "이모지로 기기 확인 (없으면 대화 상대 / 내 다른 기기)" : "verify devices by emoji (alone: the person, else yours)"
        case "login": return korean ? "로그인 / 계정 바꾸기" : "log in / switch account"
        case "logout": return korean ? "로그아웃" : "log out"
        case "theme": return korean ? "테마 바꾸기 / 목록" : "switch or list themes"
        case "report": return korean ? "고른 메시지 신고" : "report picked message"
        case "block": return korean ? "사용자 차단 (물어봄)" : "block a member (asks)"
        case "unblock": return korean ? "차단 해제" : "unblock a member"
        case "create": return korean ? "관리자: 채널 만들기 (--region 지역)" : "moderators: create a channel (--region R)"
        case "rename": return korean ? "관리자: 연 채널 이름 바꾸기 (물어봄)" : "moderators: rename the open channel (asks)"
        case "archive": return korean ? "관리자: 연 채널 보관 (물어봄)" : "moderators: archive the open channel (asks)"
        case "unarchive": return korean ? "관리자: 보관된 채널 되살리기" : "moderators: restore an archived channel"
        case "mute": return korean ? "관리자: 회원 음소거, 사유 (물어봄)" : "moderators: mute a member, with reason (asks)"
        case "unmute": return korean ? "관리자: 음소거 풀기" : "moderators: lift a mute"
        case "ban": return korean ? "관리자: 회원 차단, 사유 (물어봄)" : "moderators: ban a member, with reason (asks)"
        case "unban": return korean ? "관리자: 차단 풀기" : "moderators: lift a ban"
        case "reports": return korean ? "관리자: 신고 목록" : "moderators: list the reports"
        case "sanctions": return korean ? "관리자: 음소거와 차단 목록" : "moderators: list mutes and bans"
        case "terms": return korean ? "관리자: 파일을 새 약관으로 게시 (물어봄)" : "moderators: publish a file as new terms (asks)"
        case "help": return korean ? "키와 명령어" : "keys and commands"
        case "quit": return korean ? "종료" : "quit"
        case "msg": return korean ? "1:1 메시지 보내기" : "send a direct message"
        case "query": return korean ? "1:1 대화 열기" : "open a conversation"
        case "part": return korean ? "채팅 닫기" : "close the chat"
        case "search": return korean ? "모든 기록 검색" : "search all history"
        case "open": return korean ? "링크 N 열기 (http/https)" : "open link N (http/https)"
        case "notify": return korean ? "이 채팅 알림: all, mentions, mute" : "this chat's alerts: all, mentions, mute"
        case "next": return korean ? "알림 있는 다음 채팅" : "next chat with news"
        case "names": return korean ? "이 채팅의 참여자" : "who is in the chat"
        case "members": return korean ? "서버에서 참여자 전부 불러오기 (Matrix)" : "load every member from the server (Matrix)"
        default: return ""
        }
    }

    /// A parse problem as the user reads it.
    public func describe(_ problem: CommandProblem) -> String {
        switch problem {
        case .unknown(let name): return unknownCommand(name)
        case .missingArgument(let usage): return missingArgument(usage)
        }
    }
}

extension StringProtocol {
    var trimmingLeadingSpaces: Substring {
        let string = Substring(self)
        return string.drop { $0 == " " }
    }
}
