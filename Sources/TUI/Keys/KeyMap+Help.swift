import ViewModels

extension KeyMap {
    /// How a key is written in the help and the hints.
    public static func name(of key: Key) -> String {
        switch key {
        case .character(" "): return "Space"
        case .character(let character): return String(character)
        case .control(let letter): return "Ctrl-" + String(letter).uppercased()
        case .alt(let letter): return "Alt-" + String(letter)
        case .paste: return "paste"
        case .mouse: return "mouse"
        case .named(let named, let modifiers):
            let held = [(KeyModifiers.control, "Ctrl-"), (.alt, "Alt-"), (.shift, "Shift-")].filter { modifiers.contains($0.0) }.map(\.1)
            return held.joined() + name(of: named)
        }
    }

    private static func name(of key: NamedKey) -> String {
        switch key {
        case .enter: return "Enter"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .backspace: return "Backspace"
        case .escape: return "Esc"
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .insert: return "Ins"
        case .delete: return "Del"
        case .function(let number): return "F\(number)"
        }
    }

    /// The tables the help lists, in order: lists, everywhere, then what a chat adds (Tab and ↑
    /// in its input, ↑ into selection mode, and the keys there). A binding already listed is not
    /// listed again; G, End's vi twin in selection mode, and `x`, which the Direct tab names
    /// beside the highlighted invitation (the only place it acts), are left out to keep the help short.
    static let helpTables: [[Binding]] = [browsing.filter { $0.intent != .decline }, everywhere,
                                          chatInput.filter { [.complete(forward: true), .editLast].contains($0.intent) },
                                          reading.filter { [.selectMessages, .newest, .oldest].contains($0.intent) },
                                          selecting.filter { !$0.keys.contains(.character("G")) }]

    /// The help's key section: each binding's keys and what they do; bindings of one group
    /// (opposite moves, the four tabs) share a line, to keep the help short (it scrolls when taller than the terminal).
    public static func helpRows(_ strings: UIStrings) -> [(keys: String, meaning: String)] {
        var all: [Binding] = []
        for binding in helpTables.joined() where !all.contains(where: { $0.intent == binding.intent && $0.keys == binding.keys }) {
            all.append(binding)
        }
        var shown = Set<Int>()
        var rows: [(keys: String, meaning: String)] = []
        for (index, binding) in all.enumerated() where !shown.contains(index) {
            let group = helpGroup(binding.intent)
            let members = group == nil ? [index] : all.indices.filter { !shown.contains($0) && helpGroup(all[$0].intent) == group }
            shown.formUnion(members)
            let keys = members.flatMap { all[$0].keys }.map(name(of:)).joined(separator: " ")
            rows.append((keys, group.map(strings.describe) ?? strings.describe(binding.intent)))
        }
        return rows
    }

    /// Intents the help lists on one line (and the hints under one entry).
    public enum HelpGroup: Hashable, Sendable {
        case move, scroll, ends, tabs, panes, relate, picked, quit, choice, chats
    }

    static func helpGroup(_ intent: Intent) -> HelpGroup? {
        switch intent {
        case .up, .down: return .move
        case .pageUp, .pageDown: return .scroll
        case .newest, .oldest: return .ends
        case .selectTab: return .tabs
        case .nextPane, .previousPane: return .panes
        case .reply, .editPicked, .react, .delete: return .relate
        case .report, .block, .openImage, .saveImage, .retryUnsent: return .picked
        case .quit: return .quit
        case .previousChoice, .nextChoice: return .choice
        case .nextActivity, .search: return .chats
        default: return nil
        }
    }
}

extension UIStrings {
    /// What a group of bindings does, for the help overlay.
    public func describe(_ group: KeyMap.HelpGroup) -> String {
        let korean = language == .korean
        switch group {
        case .move: return korean ? "위 / 아래로" : "move up / down"
        case .scroll: return korean ? "이전 / 다음 메시지" : "scroll older / newer"
        case .ends: return korean ? "가장 새 / 처음 메시지" : "newest / oldest"
        case .tabs: return [Tab.discover, .channels, .direct, .profile].map(shared.tabTitle).joined(separator: ", ")
        case .panes: return korean ? "다음 / 이전 영역" : "next / previous pane"
        case .relate: return korean ? "답장, 내 메시지 수정, 반응, 삭제 (물어봄)" : "reply, edit mine, react, delete (asks)"
        case .picked: return korean ? "신고, 차단, 보기, 저장, 다시 보내기 (물어봄)" : "report, block, open, save, resend it (asks)"
        case .quit: return korean ? "종료 (q는 먼저 물어봄)" : "quit (q asks first)"
        case .choice: return korean ? "질문의 다른 선택" : "other choice in a question"
        case .chats: return korean ? "알림 있는 다음 채팅 / 기록 검색" : "next chat with news / search history"
        }
    }

    /// What an intent does, for the help overlay.
    public func describe(_ intent: Intent) -> String {
        let korean = language == .korean
        switch intent {
        case .up: return korean ? "위로" : "move up"
        case .down: return korean ? "아래로" : "move down"
        case .open: return korean ? "열기 / 선택" : "open / choose"
        case .nextPane: return korean ? "다음 영역" : "next pane or field"
        case .previousPane: return korean ? "이전 영역" : "previous pane or field"
        case .leave: return korean ? "입력 끝내기, 닫기, 뒤로" : "back / close"
        case .help: return korean ? "도움말" : "this help"
        case .quickSwitcher: return korean ? "채널 빠르게 이동" : "jump to a channel"
        case .command: return korean ? "명령어 입력" : "start a /command"
        case .pageUp: return korean ? "이전 메시지" : "scroll back (older)"
        case .pageDown: return korean ? "다음 메시지" : "scroll forward"
        case .newest: return korean ? "가장 새 메시지로" : "newest message"
        case .oldest: return korean ? "가장 오래된 메시지로" : "oldest message"
        case .selectTab(let tab): return shared.tabTitle(tab)
        case .quit: return korean ? "종료" : "quit"
        case .toggle: return korean ? "체크" : "tick a checkbox"
        case .focusInput: return korean ? "메시지 입력" : "type a message"
        case .selectMessages: return korean ? "채팅 (Esc 뒤): 메시지 고르기" : "pick a message (chat)"
        case .logIn: return korean ? "로그인 / 계정 바꾸기" : "log in / switch"
        case .openImage: return korean ? "이미지·링크 열기" : "open an image or a link"
        case .saveImage: return korean ? "이미지 저장" : "save an image"
        case .submit: return korean ? "보내기" : "send"
        case .edit: return korean ? "편집" : "edit"
        case .report: return korean ? "고른 메시지 신고 (물어봄)" : "report picked message (asks)"
        case .block: return korean ? "그 작성자 차단 (물어봄)" : "block its sender (asks)"
        case .retryUnsent: return korean ? "못 보낸 메시지 다시 보내기" : "send an unsent message again"
        case .delete: return korean ? "고른 메시지 삭제 (물어봄)" : "delete picked message (asks)"
        case .reply: return korean ? "고른 메시지에 답장" : "reply to picked message"
        case .openThread: return korean ? "고른 메시지의 스레드 (Esc Esc: 돌아가기)" : "open picked message's thread (Esc Esc back)"
        case .editPicked: return korean ? "고른 내 메시지 수정" : "edit picked message (mine)"
        case .react: return korean ? "고른 메시지에 반응" : "react to picked message"
        case .editLast: return korean ? "빈 입력에서: 내 마지막 메시지 수정" : "empty input: edit my last message"
        case .decline: return korean ? "대화 탭: 초대 거절 (물어봄)" : "decline an invitation (Direct, asks)"
        case .previousChoice: return korean ? "이전 선택" : "previous choice"
        case .nextChoice: return korean ? "다음 선택" : "next choice"
        case .complete(let forward):
            if forward { return korean ? "입력 중: 이름, 명령, 채널, 이모지 완성" : "(input) complete name, /command, :emoji" }
            return korean ? "이전 완성 후보" : "previous completion"
        case .nextActivity: return korean ? "알림·새 메시지가 있는 다음 채팅" : "next chat with highlights, then new messages"
        case .search: return korean ? "채팅 기록 검색" : "search the chat's history"
        case .toggleMembers: return korean ? "채팅 옆 참여자 목록 보이기/숨기기" : "member list beside the chat, on/off"
        }
    }

    /// An intent's word on the status line of `context` (short: the line is one row).
    public func hint(_ intent: Intent, in context: KeyContext) -> String {
        switch (intent, context) {
        case (.up, _), (.down, _): return context == .selecting ? pick("pick", "선택") : pick("move", "이동")
        case (.open, .sidebar): return pick("open · type to write", "열기 · 입력하면 글쓰기")
        case (.open, _): return pick("open", "열기")
        case (.help, _): return pick("help", "도움말")
        case (.quit, _): return pick("quit", "종료")
        case (.submit, .typing), (.submit, .chatInput): return pick("send", "보내기")
        case (.complete, _): return pick("complete", "완성")
        case (.editLast, _): return pick("edit last", "마지막 수정")
        case (.submit, _): return pick("take it", "선택")
        case (.pageUp, _): return pick("older", "이전")
        case (.leave, .typing), (.leave, .chatInput): return pick("leave input", "입력 끝")
        case (.leave, .reading), (.leave, .sidebar): return pick("back", "뒤로")
        case (.leave, .selecting): return pick("done", "끝")
        case (.leave, .question): return pick("cancel", "취소")
        case (.leave, .alert): return pick("close", "닫기")
        case (.leave, _): return pick("back", "뒤로")
        case (.selectMessages, _): return pick("pick a message · type to write", "메시지 선택 · 입력하면 글쓰기")
        case (.report, _), (.block, _): return pick("report/block", "신고/차단")
        case (.openImage, _), (.saveImage, _): return pick("open/save", "보기/저장")
        case (.retryUnsent, _): return pick("resend", "다시 보내기")
        case (.reply, _), (.editPicked, _), (.react, _), (.delete, _): return pick("reply/edit/react/delete", "답장/수정/반응/삭제")
        case (.previousChoice, _), (.nextChoice, _): return pick("choose", "고르기")
        default: return describe(intent)
        }
    }

    private func pick(_ english: String, _ korean: String) -> String {
        language == .korean ? korean : english
    }
}
