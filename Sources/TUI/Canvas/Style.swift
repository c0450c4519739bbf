/// A colour as panes name it: a role the theme decides, an exact colour, or the terminal's own.
public enum Color: Hashable, Sendable {
    /// The terminal's default foreground or background.
    case terminalDefault
    /// Whatever the current theme gives this role (the usual choice: themes stay swappable).
    case role(ThemeRole)
    /// An exact colour; the backend approximates it on 256- or 8-colour terminals.
    case rgb(UInt8, UInt8, UInt8)
}

/// Text attributes a cell can carry.
public struct TextAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = TextAttributes(rawValue: 1 << 0)
    public static let dim = TextAttributes(rawValue: 1 << 1)
    public static let reverse = TextAttributes(rawValue: 1 << 2)
    public static let underline = TextAttributes(rawValue: 1 << 3)
}

/// How a cell looks, in terms of theme roles (resolved to terminal colours by `Theme.resolve`).
public struct Style: Hashable, Sendable {
    public var foreground: Color
    public var background: Color
    public var attributes: TextAttributes

    public init(foreground: Color = .terminalDefault, background: Color = .terminalDefault, attributes: TextAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// Shorthand: foreground role, optional background role, attributes.
    public init(_ role: ThemeRole, on background: ThemeRole? = nil, _ attributes: TextAttributes = []) {
        self.init(foreground: .role(role), background: background.map(Color.role) ?? .terminalDefault, attributes: attributes)
    }

    /// The terminal's defaults, no attributes.
    public static let plain = Style()

    /// This style with `extra` attributes added.
    public func adding(_ extra: TextAttributes) -> Style {
        var copy = self
        copy.attributes.formUnion(extra)
        return copy
    }

    /// The style inert-text markers (`^[`, `<RLO>`) are drawn in: reversed, so a reader can tell a
    /// shown control from text that merely looks like one.
    public var marker: Style { adding(.reverse) }
}
