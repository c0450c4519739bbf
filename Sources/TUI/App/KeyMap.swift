import ViewModels

/// The key bindings, as data: the help overlay is generated from these tables, so it cannot
/// disagree with what the keys do.
public enum KeyMap {
    /// One documented binding.
    public struct Binding: Hashable, Sendable {
        public let keys: [Key]
        public let intent: Intent
    }

    /// Keys that work in every context.
    public static let everywhere: [Binding] = [
        Binding(keys: [.control("k")], intent: .quickSwitcher),
        Binding(keys: [.pageUp], intent: .pageUp),
        Binding(keys: [.pageDown], intent: .pageDown),
        Binding(keys: [.tab], intent: .nextPane),
        Binding(keys: [.backTab], intent: .previousPane),
        Binding(keys: [.escape], intent: .leave),
        Binding(keys: [.control("c")], intent: .quit),
    ]

    /// Keys of lists and panes (no text field focused).
    public static let browsing: [Binding] = [
        Binding(keys: [.up, .character("k")], intent: .up),
        Binding(keys: [.down, .character("j")], intent: .down),
        Binding(keys: [.enter], intent: .open),
        Binding(keys: [.character("1")], intent: .selectTab(.discover)),
        Binding(keys: [.character("2")], intent: .selectTab(.channels)),
        Binding(keys: [.character("3")], intent: .selectTab(.direct)),
        Binding(keys: [.character("4")], intent: .selectTab(.profile)),
        Binding(keys: [.character("i")], intent: .focusInput),
        Binding(keys: [.character("l")], intent: .logIn),
        Binding(keys: [.character("o")], intent: .openImage),
        Binding(keys: [.character("s")], intent: .saveImage),
        Binding(keys: [.character(" ")], intent: .toggle),
        Binding(keys: [.character("/")], intent: .command),
        Binding(keys: [.character("?")], intent: .help),
        Binding(keys: [.character("q")], intent: .quit),
        Binding(keys: [.character("r")], intent: .report),
        Binding(keys: [.character("b")], intent: .block),
        Binding(keys: [.character("t")], intent: .retryUnsent),
        Binding(keys: [.character("d")], intent: .discardUnsent),
    ]

    /// The intent of `key` in `context`. While typing, every key not bound everywhere edits the
    /// field and Enter submits.
    public static func intent(for key: Key, in context: KeyContext) -> Intent? {
        if let binding = everywhere.first(where: { $0.keys.contains(key) }) { return binding.intent }
        switch context {
        case .typing:
            return key == .enter ? .submit : .edit(key)
        case .browsing:
            return browsing.first(where: { $0.keys.contains(key) })?.intent
        }
    }

    /// How a key is written in the help.
    public static func name(of key: Key) -> String {
        switch key {
        case .character(" "): return "Space"
        case .character(let character): return String(character)
        case .control(let letter): return "Ctrl-" + String(letter).uppercased()
        case .alt(let letter): return "Alt-" + String(letter)
        case .paste: return "paste"
        case .named(let named, _): return name(of: named)
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

    /// The help's key section: each binding's keys and what they do, browsing keys first;
    /// bindings of one group (opposite moves, the four tabs) share a line, so the whole help
    /// fits an 80x24 terminal.
    public static func helpRows(_ strings: UIStrings) -> [(keys: String, meaning: String)] {
        let all = browsing + everywhere
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

    /// Intents the help lists on one line.
    public enum HelpGroup: Hashable, Sendable {
        case move, scroll, tabs, images, quit, unsent
    }

    static func helpGroup(_ intent: Intent) -> HelpGroup? {
        switch intent {
        case .up, .down: return .move
        case .pageUp, .pageDown: return .scroll
        case .selectTab: return .tabs
        case .openImage, .saveImage: return .images
        case .quit: return .quit
        case .retryUnsent, .discardUnsent: return .unsent
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
        case .tabs: return [Tab.discover, .channels, .direct, .profile].map(shared.tabTitle).joined(separator: ", ")
        case .images: return korean ? "이미지 보기 / 저장" : "open / save an image"
        case .quit: return describe(Intent.quit)
        case .unsent: return korean ? "못 보낸 메시지 다시 / 버리기" : "resend / discard unsent"
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
        case .leave: return korean ? "입력 끝내기, 닫기, 뒤로" : "leave input, close, back"
        case .help: return korean ? "도움말" : "this help"
        case .quickSwitcher: return korean ? "채널 빠르게 이동" : "jump to a channel"
        case .command: return korean ? "명령어 입력" : "start a /command"
        case .pageUp: return korean ? "이전 메시지" : "scroll back (older)"
        case .pageDown: return korean ? "다음 메시지" : "scroll forward"
        case .selectTab(let tab): return shared.tabTitle(tab)
        case .quit: return korean ? "종료" : "quit"
        case .toggle: return korean ? "체크" : "tick a checkbox"
        case .focusInput: return korean ? "메시지 입력" : "type a message"
        case .logIn: return korean ? "로그인 / 계정 바꾸기" : "log in / switch account"
        case .openImage: return korean ? "이미지 보기" : "open an image (viewer)"
        case .saveImage: return korean ? "이미지 저장" : "save an image"
        case .submit: return korean ? "보내기" : "send"
        case .edit: return korean ? "편집" : "edit"
        case .report: return korean ? "고른 메시지 신고" : "report picked message"
        case .block: return korean ? "그 작성자 차단" : "block its sender"
        case .retryUnsent: return korean ? "못 보낸 메시지 다시 보내기" : "send an unsent message again"
        case .discardUnsent: return korean ? "못 보낸 메시지 버리기" : "discard an unsent message"
        }
    }
}
