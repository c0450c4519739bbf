/// A run of text in one style, for lines that mix styles (a nickname, then the message).
///
/// A span made by a layout (`init(glyphs:_:link:)`) keeps the glyphs it cut and measured, so
/// drawing and measuring it do not segment its text again: a live message's body was cut into
/// graphemes once to wrap it and again to draw it (callgrind). Equality and hashing look at the
/// text, style and link only; the glyphs are what the text shows.
public struct Span: Hashable, Sendable {
    public var text: String {
        didSet { glyphs = nil }  // no longer what the text shows
    }
    public var style: Style
    /// The web address these glyphs show, emitted as an OSC 8 hyperlink when it may be.
    public var link: String?
    /// The text's glyphs as a layout made them (nil: cut when drawn).
    public private(set) var glyphs: [Glyph]?

    public init(_ text: String, _ style: Style = .plain, link: String? = nil) {
        self.text = text
        self.style = style
        self.link = link
    }

    /// A span of glyphs already laid out from inert text (`TextLayout`: no control is left to
    /// show as a marker), drawn and measured as they are.
    public init(glyphs: [Glyph], _ style: Style = .plain, link: String? = nil) {
        self.init(TextLayout.string(glyphs), style, link: link)
        self.glyphs = glyphs
    }

    /// Columns the span takes when drawn.
    public var width: Int {
        TextLayout.width(glyphs ?? TextLayout.glyphs(text))
    }

    public static func == (lhs: Span, rhs: Span) -> Bool {
        lhs.text == rhs.text && lhs.style == rhs.style && lhs.link == rhs.link
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(style)
        hasher.combine(link)
    }
}
