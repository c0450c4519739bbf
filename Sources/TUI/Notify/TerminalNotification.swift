import ChatCore
import FoundationEssentials

/// The escapes that turn a highlight into the terminal's bell and a desktop notification, for
/// the terminal tteok runs in:
///
/// - kitty: OSC 99 (its own notifications, title and body base64-encoded, so no byte of a
///   message can end the sequence);
/// - iTerm2, WezTerm, Ghostty, Windows Terminal: OSC 9 (one text);
/// - others (foot, urxvt, VTE with the notify patch, Konsole): OSC 777 `notify;TITLE;BODY`.
///
/// Inside tmux each escape is wrapped in tmux's passthrough (`ESC P tmux; … ESC \`, every ESC
/// doubled), which tmux 3.3 and later forward when `allow-passthrough` is on; the bell is not
/// wrapped: tmux keeps it itself (the window's bell flag) and passes it on.
public struct TerminalNotification: Hashable, Sendable {
    /// The notification protocol a terminal understands.
    public enum Dialect: Hashable, Sendable {
        case kitty
        case osc9
        case osc777
    }

    public var dialect: Dialect
    public var insideTmux: Bool

    /// The longest title and body sent: a notification is a glance, not the message.
    public static let titleLimit = 80
    public static let bodyLimit = 200

    public init(dialect: Dialect, insideTmux: Bool) {
        self.dialect = dialect
        self.insideTmux = insideTmux
    }

    /// The dialect and tmux from the environment tteok was started in (`TMUX`, `TERM`,
    /// `TERM_PROGRAM`, `KITTY_WINDOW_ID`, `WT_SESSION`, and iTerm2's `LC_TERMINAL`, which tmux
    /// keeps).
    public init(environment: [String: String]) {
        insideTmux = environment["TMUX"].map { !$0.isEmpty } ?? false
        let program = environment["TERM_PROGRAM"] ?? ""
        if environment["KITTY_WINDOW_ID"] != nil || environment["TERM"] == "xterm-kitty" {
            dialect = .kitty
        } else if ["iTerm.app", "WezTerm", "ghostty"].contains(program) || environment["LC_TERMINAL"] == "iTerm2"
                    || environment["WT_SESSION"] != nil {
            dialect = .osc9
        } else {
            dialect = .osc777
        }
    }

    /// The bell.
    public static let bell: [UInt8] = [0x07]

    /// The escape that shows `title` and `body` as a desktop notification. Both are outside
    /// text: every control character is dropped (an ESC or BEL could end the sequence and write
    /// what follows to the terminal), `;` too where it separates fields, and each is cut short.
    public func sequence(title: String, body: String) -> [UInt8] {
        let title = Self.clean(title, limit: Self.titleLimit), body = Self.clean(body, limit: Self.bodyLimit)
        let inner: String
        switch dialect {
        case .kitty:
            inner = "\u{1B}]99;i=tteok:d=0:e=1;\(Self.base64(title))\u{1B}\\"
                + "\u{1B}]99;i=tteok:d=1:p=body:e=1;\(Self.base64(body))\u{1B}\\"
        case .osc9:
            inner = "\u{1B}]9;\(title): \(body)\u{1B}\\"
        case .osc777:
            inner = "\u{1B}]777;notify;\(title.replacingScalars([";": ","]));\(body.replacingScalars([";": ","]))\u{1B}\\"
        }
        return Array((insideTmux ? Self.tmuxPassthrough(inner) : inner).utf8)
    }

    /// tmux's passthrough: the sequence inside a DCS, its ESCs doubled.
    static func tmuxPassthrough(_ sequence: String) -> String {
        "\u{1B}Ptmux;" + sequence.replacingScalars(["\u{1B}": "\u{1B}\u{1B}"]) + "\u{1B}\\"
    }

    /// Outside text made fit for a notification: controls of every kind (C0, DEL, C1, bidi
    /// overrides and isolates) removed, line breaks as spaces, at most `limit` characters.
    static func clean(_ text: String, limit: Int) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x0D, 0x09: scalars.append(" ")
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: continue
            default: scalars.append(scalar)
            }
        }
        let cleaned = String(scalars)
        return cleaned.count > limit ? String(cleaned.prefix(limit - 1)) + "…" : cleaned
    }

    private static func base64(_ text: String) -> String {
        Data(text.utf8).base64EncodedString()
    }
}
