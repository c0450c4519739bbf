import ChatCore

/// A run of text in one style, for lines that mix styles (a nickname, then the message).
public struct Span: Hashable, Sendable {
    public var text: String
    public var style: Style

    public init(_ text: String, _ style: Style = .plain) {
        self.text = text
        self.style = style
    }
}

/// What happens to text that does not fit the space left on its row.
public enum Overflow: Hashable, Sendable {
    /// Cut, with `…` in the last column.
    case ellipsis
    /// Cut at the edge.
    case clip
}

extension Canvas {
    /// Draws `spans` on one row of `region` starting at local `column`, made inert (controls and
    /// bidi overrides appear as reversed markers), cut to the region. Returns the local column
    /// after the last glyph drawn.
    @discardableResult
    public mutating func draw(_ spans: [Span], row: Int, column: Int = 0, in region: Region, overflow: Overflow = .ellipsis) -> Int {
        guard row >= 0, row < region.height, column < region.width else { return column }
        let styled = spans.flatMap(Self.styledGlyphs)
        let available = region.width - max(column, 0)
        let fitted = Self.fit(styled, to: available, overflow: overflow)
        var local = column
        for (glyph, style) in fitted {
            if local >= 0 {
                put(glyph, style: style, at: region.absolute(Point(row: row, column: local)), clip: region.frame)
            }
            local += glyph.width
        }
        return min(local, region.width)
    }

    /// Draws one string in one style; see `draw(_:row:column:in:overflow:)`.
    @discardableResult
    public mutating func draw(_ text: String, style: Style = .plain, row: Int, column: Int = 0, in region: Region, overflow: Overflow = .ellipsis) -> Int {
        draw([Span(text, style)], row: row, column: column, in: region, overflow: overflow)
    }

    /// Draws text wrapped to the region's width from `row` down, keeping its own line breaks.
    /// Returns the number of rows drawn (rows past the region's bottom are not drawn).
    @discardableResult
    public mutating func drawWrapped(_ text: String, style: Style = .plain, row: Int = 0, in region: Region) -> Int {
        let lines = TextLayout.wrap(text, width: region.width)
        var drawn = 0
        for (offset, line) in lines.enumerated() where row + offset < region.height {
            var column = 0
            for glyph in line {
                column += put(glyph, style: style, at: region.absolute(Point(row: row + offset, column: column)), clip: region.frame)
            }
            drawn += 1
        }
        return drawn
    }

    /// Fills the whole region with spaces in `style`.
    public mutating func clear(_ region: Region, style: Style = .plain) {
        fill(region.frame, style: style)
    }

    static func styledGlyphs(_ span: Span) -> [(Glyph, Style)] {
        GlyphMemo.glyphs(of: span.text, inertGlyphs).map { ($0.0, $0.isMarker ? span.style.marker : span.style) }
    }

    private static func inertGlyphs(_ text: String) -> [(Glyph, isMarker: Bool)] {
        InertText.pieces(text).flatMap { piece -> [(Glyph, isMarker: Bool)] in
            switch piece {
            case .text(let text): return text.compactMap(DisplayWidth.glyph(for:)).map { ($0, false) }
            case .marker(let marker): return marker.compactMap(DisplayWidth.glyph(for:)).map { ($0, true) }
            }
        }
    }

    static func fit(_ glyphs: [(Glyph, Style)], to width: Int, overflow: Overflow) -> [(Glyph, Style)] {
        let total = glyphs.reduce(0) { $0 + $1.0.width }
        guard total > width, width > 0 else { return width > 0 ? glyphs : [] }
        let limit = overflow == .ellipsis ? width - 1 : width
        var result: [(Glyph, Style)] = []
        var used = 0
        for (glyph, style) in glyphs {
            if used + glyph.width > limit { break }
            result.append((glyph, style))
            used += glyph.width
        }
        if overflow == .ellipsis {
            result.append((.ellipsis, result.last?.1 ?? glyphs[0].1))
        }
        return result
    }
}
