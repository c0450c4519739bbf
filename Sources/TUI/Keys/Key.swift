/// Modifier keys held with a named key (as xterm reports them: `ESC [ 1 ; 5 C` is Ctrl-Right).
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let shift = KeyModifiers(rawValue: 1 << 0)
    public static let alt = KeyModifiers(rawValue: 1 << 1)
    public static let control = KeyModifiers(rawValue: 1 << 2)
}

/// Keys that are not text.
public enum NamedKey: Hashable, Sendable {
    case enter, tab, backTab, backspace, escape
    case up, down, left, right
    case home, end, pageUp, pageDown, insert, delete
    /// F1 … F12.
    case function(Int)
}

/// One typed input event, decoded from the bytes the terminal sends.
public enum Key: Hashable, Sendable {
    /// A printable character (one Unicode scalar as typed; the editor's string joins graphemes).
    case character(Character)
    /// Ctrl with a letter or one of `@[\]^_`, as the lowercase letter: Ctrl-A is `.control("a")`.
    case control(Character)
    /// Alt (Meta) with a printable character: Alt-B is `.alt("b")`.
    case alt(Character)
    /// A key that is not text, with the modifiers held.
    case named(NamedKey, KeyModifiers)
    /// Text pasted in one piece (bracketed paste), exactly as sent; not yet made inert.
    case paste(String)
    /// A click or a turn of the wheel (SGR mouse reports, when the mouse is on).
    case mouse(MouseEvent)

    public static let enter = Key.named(.enter, [])
    public static let tab = Key.named(.tab, [])
    public static let backTab = Key.named(.backTab, [])
    public static let backspace = Key.named(.backspace, [])
    public static let escape = Key.named(.escape, [])
    public static let up = Key.named(.up, [])
    public static let down = Key.named(.down, [])
    public static let left = Key.named(.left, [])
    public static let right = Key.named(.right, [])
    public static let home = Key.named(.home, [])
    public static let end = Key.named(.end, [])
    public static let pageUp = Key.named(.pageUp, [])
    public static let pageDown = Key.named(.pageDown, [])
    public static let delete = Key.named(.delete, [])
}
