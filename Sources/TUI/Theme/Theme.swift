/// The parts of the UI a theme colours. Panes name roles, never colours, so themes stay swappable.
public enum ThemeRole: String, CaseIterable, Codable, Hashable, Sendable {
    /// Ordinary text.
    case text
    /// Secondary text: times, hints, placeholders.
    case muted
    /// The accent (orange by default): current region tag, focus, a member's input bar.
    case accent
    /// Text drawn on an accent background (selected tab).
    case onAccent
    /// Background of the bars (tab bar, status line).
    case surface
    /// Pane separators and frames.
    case border
    /// Background of the selected row.
    case selection
    /// Unread badges.
    case badge
    /// Other people's nicknames.
    case nickname
    /// My own messages.
    case own
    /// Alerts and failures.
    case error
    /// Confirmations.
    case success
    /// Greyed out: a guest's input bar, refused actions.
    case disabled
}

/// Colours and emphasis per role. Loaded from a JSON file in `Themes/` (see `ThemeStore`).
public struct Theme: Hashable, Sendable {
    public var name: String
    /// Colour per role; a missing role uses the terminal's default colour.
    public var colors: [ThemeRole: TerminalColor]
    /// Attributes added wherever a role is used (how a monochrome theme tells roles apart).
    public var attributes: [ThemeRole: TextAttributes]

    public init(name: String, colors: [ThemeRole: TerminalColor], attributes: [ThemeRole: TextAttributes] = [:]) {
        self.name = name
        self.colors = colors
        self.attributes = attributes
    }

    /// `style` with its roles replaced by this theme's colours and attributes.
    public func resolve(_ style: Style) -> ResolvedStyle {
        var attributes = style.attributes
        let foreground = resolve(style.foreground, attributes: &attributes)
        let background = resolve(style.background, attributes: &attributes)
        return ResolvedStyle(foreground: foreground, background: background, attributes: attributes)
    }

    private func resolve(_ color: Color, attributes: inout TextAttributes) -> TerminalColor {
        switch color {
        case .terminalDefault: return .terminalDefault
        case .rgb(let red, let green, let blue): return .rgb(red, green, blue)
        case .role(let role):
            attributes.formUnion(self.attributes[role] ?? [])
            return colors[role] ?? .terminalDefault
        }
    }

    /// The same theme with every colour removed: what `NO_COLOR` asks for. Attributes stay, and
    /// roles that only differed by colour get the monochrome theme's emphasis.
    public var withoutColor: Theme {
        var attributes = Theme.monochromeAttributes
        for (role, extra) in self.attributes { attributes[role, default: []].formUnion(extra) }
        return Theme(name: name, colors: [:], attributes: attributes)
    }

    /// Emphasis that tells roles apart without colour.
    public static let monochromeAttributes: [ThemeRole: TextAttributes] = [
        .muted: .dim, .accent: .bold, .onAccent: [.bold, .reverse], .selection: .reverse, .badge: .reverse,
        .nickname: .bold, .error: [.bold, .underline], .disabled: .dim, .surface: .reverse, .border: .dim,
    ]

    /// Built in, used when no theme file can be found: the orange of the original app.
    public static let orange = Theme(
        name: "orange",
        colors: [
            .text: .terminalDefault, .muted: .rgb(0x8A, 0x8A, 0x8A), .accent: .rgb(0xFF, 0x7A, 0x00),
            .onAccent: .rgb(0x1A, 0x1A, 0x1A), .surface: .rgb(0x2A, 0x2A, 0x2A), .border: .rgb(0x5A, 0x5A, 0x5A),
            .selection: .rgb(0x4A, 0x32, 0x1E), .badge: .rgb(0xFF, 0x7A, 0x00), .nickname: .rgb(0xFF, 0xB0, 0x66),
            .own: .rgb(0xFF, 0x9A, 0x3C), .error: .rgb(0xE5, 0x48, 0x4D), .success: .rgb(0x46, 0xA7, 0x58),
            .disabled: .rgb(0x6E, 0x6E, 0x6E),
        ],
        attributes: [.accent: .bold, .badge: .bold]
    )
}
