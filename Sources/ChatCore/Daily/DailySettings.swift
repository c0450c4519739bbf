import FoundationEssentials

/// The config file's daily-use keys, read by `UserConfig`:
///
/// - `highlight = word, word`: words that make a message a highlight besides my nickname;
/// - `notify = terminal | notify-send | off`: how a highlight is announced on the desktop — an
///   escape the terminal turns into a notification (OSC 777 / 9 / 99), the `notify-send`
///   program, or not at all;
/// - `bell = on | off`: the terminal bell with each announcement;
/// - `mouse = on | off`: clicks and the wheel (on by default; Shift still selects text);
/// - `time_format = %H:%M`: how times are shown, in `strftime`'s notation;
/// - `typing = on | off`: whether others are told the viewer is typing (their notices are
///   shown either way).
public struct DailySettings: Hashable, Sendable {
    /// How highlights reach the desktop.
    public enum Notifier: String, Hashable, Sendable {
        case terminal
        case notifySend = "notify-send"
        case off
    }

    public var highlightWords: [String] = []
    public var notifier: Notifier = .terminal
    public var bell = true
    public var mouse = true
    /// A `strftime` pattern; nil keeps tteok's own `HH:MM`.
    public var timeFormat: String?
    public var sendsTyping = true

    public init() {}

    /// Takes one `key = value` line if it is one of these keys; a value it does not know leaves
    /// the setting as it was.
    mutating func read(_ key: String, _ value: String) {
        switch key {
        case "highlight", "highlights":
            highlightWords = value.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        case "notify": notifier = Notifier(rawValue: value.lowercased()) ?? notifier
        case "bell": bell = Self.switchValue(value) ?? bell
        case "mouse": mouse = Self.switchValue(value) ?? mouse
        case "typing": sendsTyping = Self.switchValue(value) ?? sendsTyping
        case "time_format", "time-format":
            timeFormat = value.count <= 64 ? value : nil
        default: break
        }
    }

    private static func switchValue(_ value: String) -> Bool? {
        switch value.lowercased() {
        case "on", "yes", "true", "1": return true
        case "off", "no", "false", "0": return false
        default: return nil
        }
    }
}
