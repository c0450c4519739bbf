import ViewModels

/// The key bindings, as data, one table per `KeyContext`: the help overlay and the status line's
/// hints are generated from these tables, so what the user is told is what the keys do.
///
/// The rules the tables keep: in a chat a printable key always types into the input, except in
/// selection mode, where a letter acts on the picked message — and every such action (and `q`)
/// only asks a question that opens on Cancel, so no single stray key acts. A question or an alert
/// reads its own table alone: every other key is dropped.
public enum KeyMap {
    /// One documented binding; `hint` puts it on the status line of its context.
    public struct Binding: Hashable, Sendable {
        public let keys: [Key]
        public let intent: Intent
        public let hint: Bool

        init(_ keys: [Key], _ intent: Intent, hint: Bool = false) {
            self.keys = keys
            self.intent = intent
            self.hint = hint
        }
    }

    /// Keys that work in every context but a question and an alert.
    public static let everywhere: [Binding] = [
        Binding([.control("k")], .quickSwitcher),
        Binding([.pageUp], .pageUp),
        Binding([.pageDown], .pageDown),
        Binding([.tab], .nextPane),
        Binding([.backTab], .previousPane),
        Binding([.alt("a")], .nextActivity),
        Binding([.control("r")], .search),
        Binding([.alt("n")], .toggleMembers),
        Binding([.escape], .leave, hint: true),
        Binding([.control("c")], .quit),
    ]

    /// Keys of lists and panes (no text field focused).
    public static let browsing: [Binding] = [
        Binding([.up, .character("k")], .up, hint: true),
        Binding([.down, .character("j")], .down, hint: true),
        Binding([.enter], .open, hint: true),
        Binding([.character("1")], .selectTab(.discover)),
        Binding([.character("2")], .selectTab(.channels)),
        Binding([.character("3")], .selectTab(.direct)),
        Binding([.character("4")], .selectTab(.profile)),
        Binding([.character("i")], .focusInput),
        Binding([.character("l")], .logIn),
        Binding([.character(" ")], .toggle),
        Binding([.character("x")], .decline),
        Binding([.character("/")], .command),
        Binding([.character("?")], .help, hint: true),
        Binding([.character("q")], .quit, hint: true),
    ]

    /// A text field: Enter submits; every other key not bound everywhere edits the field.
    public static let typing: [Binding] = [
        Binding([.enter], .submit, hint: true),
        Binding([.pageUp], .pageUp, hint: true),
    ]

    /// The chat's input: a text field whose Tab and Shift-Tab complete (WeeChat's, irssi's and
    /// senpai's key; panes are a Tab away after Esc) and whose ↑ on an empty line edits my last
    /// message (history is Ctrl-P/Ctrl-N, or ↑/↓ once the line has text).
    public static let chatInput: [Binding] = [
        Binding([.enter], .submit, hint: true),
        Binding([.tab], .complete(forward: true), hint: true),
        Binding([.backTab], .complete(forward: false)),
        Binding([.up], .editLast, hint: true),
        Binding([.pageUp], .pageUp, hint: true),
    ]

    /// A chat after Esc: printable keys type into the input (so do Enter and `i`'s old job);
    /// ↑ enters selection mode; Esc again leaves the chat.
    public static let reading: [Binding] = [
        Binding([.up], .selectMessages, hint: true),
        Binding([.enter], .focusInput),
        Binding([.pageUp], .pageUp),
        Binding([.end], .newest),
        Binding([.home], .oldest),
    ]

    /// The list beside an open chat: the list's moves; text goes to the chat's input.
    public static let sidebar: [Binding] = [
        Binding([.up], .up, hint: true),
        Binding([.down], .down, hint: true),
        Binding([.enter], .open, hint: true),
    ]

    /// Selection mode: ↑/↓ pick a message; Enter answers it and Ctrl-E edits it (mine) in the
    /// input — keys no typed word contains, so a stray word never sends an edit; `+` offers the
    /// reactions and every letter asks before it acts on it; other keys do nothing (Esc goes back
    /// to typing).
    public static let selecting: [Binding] = [
        Binding([.up, .character("k")], .up, hint: true),
        Binding([.down, .character("j")], .down, hint: true),
        Binding([.enter], .reply, hint: true),
        Binding([.right], .openThread),
        Binding([.control("e")], .editPicked, hint: true),
        Binding([.character("+")], .react, hint: true),
        Binding([.character("d"), .delete], .delete, hint: true),
        Binding([.character("r")], .report, hint: true),
        Binding([.character("b")], .block, hint: true),
        Binding([.character("o")], .openImage, hint: true),
        Binding([.character("s")], .saveImage, hint: true),
        Binding([.character("t")], .retryUnsent, hint: true),
        Binding([.end, .character("G")], .newest),
        Binding([.home], .oldest),
        Binding([.character("?")], .help),
    ]

    /// A question: the highlighted choice moves; Enter takes it; Esc cancels.
    public static let question: [Binding] = [
        Binding([.left, .backTab], .previousChoice, hint: true),
        Binding([.right, .tab], .nextChoice, hint: true),
        Binding([.enter], .submit, hint: true),
        Binding([.escape], .leave, hint: true),
    ]

    /// An alert: Enter or Esc closes it.
    public static let alert: [Binding] = [
        Binding([.enter, .escape], .leave, hint: true),
    ]

    /// The table of `context` (without `everywhere`).
    public static func table(_ context: KeyContext) -> [Binding] {
        switch context {
        case .browsing: return browsing
        case .typing: return typing
        case .chatInput: return chatInput
        case .reading: return reading
        case .sidebar: return sidebar
        case .selecting: return selecting
        case .question: return question
        case .alert: return alert
        }
    }

    /// True when `everywhere` applies in `context`: a modal takes only its own keys.
    static func takesGlobalKeys(_ context: KeyContext) -> Bool {
        context != .question && context != .alert
    }

    /// The intent of `key` in `context`, nil when the key does nothing there. While typing, every
    /// key not bound edits the field; in a chat after Esc, a printable key types into the input.
    public static func intent(for key: Key, in context: KeyContext) -> Intent? {
        if let binding = table(context).first(where: { $0.keys.contains(key) }) { return binding.intent }
        guard takesGlobalKeys(context) else { return nil }
        if let binding = everywhere.first(where: { $0.keys.contains(key) }) { return binding.intent }
        switch context {
        case .typing, .chatInput: return .edit(key)
        case .reading, .sidebar: return key.isText ? .edit(key) : nil
        default: return nil
        }
    }

    /// The status line's hints for `context`: its hinted bindings, opposite moves sharing one
    /// entry ("↑/↓ move"), each with its first key only.
    public static func hints(for context: KeyContext, _ strings: UIStrings, omitting omitted: Set<Intent> = []) -> String {
        let own = table(context).filter { $0.hint && !omitted.contains($0.intent) }
        let global = takesGlobalKeys(context) ? everywhere.filter { $0.hint && !omitted.contains($0.intent) } : []
        var parts: [(keys: [String], intent: Intent)] = []
        for binding in own + global where !parts.contains(where: { $0.intent == binding.intent }) {
            let key = name(of: binding.keys[0])
            if let group = hintGroup(binding.intent), let last = parts.last, hintGroup(last.intent) == group {
                parts[parts.count - 1].keys.append(key)
            } else {
                parts.append(([key], binding.intent))
            }
        }
        let text = parts.map { $0.keys.joined(separator: "/") + " " + strings.hint($0.intent, in: context) }.joined(separator: " · ")
        return context == .selecting ? strings.selectionModeName + ": " + text : text
    }
}

extension KeyMap {
    /// Intents the status line names under one entry ("↑/↓ pick", "o/s open/save image").
    static func hintGroup(_ intent: Intent) -> Int? {
        switch intent {
        case .up, .down: return 0
        case .report, .block: return 1
        case .openImage, .saveImage: return 2
        case .previousChoice, .nextChoice: return 4
        case .reply, .editPicked, .react, .delete: return 5
        case .complete: return 6
        default: return nil
        }
    }
}

extension Key {
    /// A key that is text: a printable character or a paste.
    var isText: Bool {
        switch self {
        case .character, .paste: return true
        default: return false
        }
    }
}
