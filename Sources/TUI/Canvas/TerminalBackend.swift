/// A colour as the terminal gets it: the theme has already turned roles into values.
public enum TerminalColor: Hashable, Sendable {
    case terminalDefault
    case rgb(UInt8, UInt8, UInt8)
}

/// A style with every role resolved by the theme.
public struct ResolvedStyle: Hashable, Sendable {
    public var foreground: TerminalColor
    public var background: TerminalColor
    public var attributes: TextAttributes

    public init(foreground: TerminalColor = .terminalDefault, background: TerminalColor = .terminalDefault, attributes: TextAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }
}

/// What the terminal tells the app loop.
public enum TerminalEvent: Hashable, Sendable {
    /// Bytes read from standard input, in order, exactly as read.
    case input([UInt8])
    /// The window changed size (SIGWINCH); the next frame is drawn from scratch.
    case resized(Size)
    /// Standard input reached its end (the terminal went away).
    case inputClosed
}

/// The one thing that touches a terminal. Panes and the screen know only this protocol;
/// `NcursesTerminal` implements it over ncursesw, `RecordingTerminal` (TestSupport) records.
@MainActor
public protocol TerminalBackend: AnyObject {
    /// The terminal's size now.
    var size: Size { get }
    /// Draws one glyph (1 or 2 columns) at an absolute position, in a resolved style.
    func put(_ glyph: Glyph, style: ResolvedStyle, at point: Point)
    /// Shows the cursor at an absolute position, or hides it (nil). Applied after the cells.
    func setCursor(_ point: Point?)
    /// Makes everything put so far visible.
    func flush()
    /// Forgets what the terminal shows (after a resize or a theme change): the next frame is
    /// written in full.
    func clearAll()
    /// Draws a picture in its graphics protocol with its top-left cell at `point`, over the
    /// cells already flushed there. Called after `flush()`.
    func drawGraphic(_ graphic: TerminalGraphic, at point: Point)
    /// Takes a picture drawn at `rect` off the screen; the cells under it are written again by
    /// the next `flush()` (a sixel overwrote them). Called before the frame's cells.
    func removeGraphic(_ graphic: TerminalGraphic, from rect: Rect)
    /// Writes `cells` (the glyphs already drawn at `point`, in their styles) again inside an
    /// OSC 8 hyperlink to `url`, after `flush()`, leaving the cursor and attributes as they were.
    /// `url` passed `HyperlinkPlacement`'s check; a backend checks its bytes again at the escape.
    func drawHyperlink(_ url: String, cells: [HyperlinkCell], at point: Point)
    /// Moves the cells of `rect` up by `count` rows (fewer than its height), the way a region
    /// scrolls: afterwards row `r` of `rect` shows what row `r + count` showed, and the bottom
    /// `count` rows still show what they did. No side of `rect` cuts a wide glyph. Returns false,
    /// having moved nothing, when this backend cannot: then the screen writes each moved cell
    /// that changed. Called before the frame's cells.
    func scrollUp(_ rect: Rect, by count: Int) -> Bool
    /// Writes a bell or a notification escape (`TerminalNotification`) between frames. Only
    /// announcements use it; everything else on screen goes through cells.
    func alert(_ sequence: [UInt8])
    /// Begins delivering events on the main queue. The backend owns the terminal from here until
    /// `stop()` (raw mode, alternate screen, bracketed paste).
    func start(_ handler: @escaping @MainActor (TerminalEvent) -> Void) throws
    /// Gives the terminal back as it was. Safe to call twice.
    func stop()
}

extension TerminalBackend {
    /// A terminal that shows no pictures ignores them: the cells reserved for them stay blank.
    public func drawGraphic(_ graphic: TerminalGraphic, at point: Point) {}
    public func removeGraphic(_ graphic: TerminalGraphic, from rect: Rect) {}
    /// A terminal without hyperlinks shows the text alone (it was drawn with the other cells).
    public func drawHyperlink(_ url: String, cells: [HyperlinkCell], at point: Point) {}
    /// A terminal that cannot move cells has each one that changed written again.
    public func scrollUp(_ rect: Rect, by count: Int) -> Bool { false }
    /// A terminal that cannot ring stays quiet.
    public func alert(_ sequence: [UInt8]) {}
}

/// One glyph of a link as `drawHyperlink` writes it again.
public struct HyperlinkCell: Hashable, Sendable {
    public var glyph: Glyph
    public var style: ResolvedStyle

    public init(glyph: Glyph, style: ResolvedStyle) {
        self.glyph = glyph
        self.style = style
    }
}
