import ChatCore

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
        if let end = drawLaidOut(spans, row: row, column: column, in: region) { return end }
        let perSpan = spans.map(Self.styledGlyphs)
        let styled = Array(perSpan.joined())
        let available = region.width - max(column, 0)
        let fitted = Self.fit(styled, to: available, overflow: overflow)
        var local = column
        let hasLinks = spans.contains { $0.link != nil }
        var starts: [Int] = []  // each glyph's column, for the links only
        for (glyph, style) in fitted {
            if hasLinks { starts.append(local) }
            if local >= 0 {
                put(glyph, style: style, at: region.absolute(Point(row: row, column: local)), clip: region.frame)
            }
            local += glyph.width
        }
        if hasLinks {
            linkSpans(spans, glyphCounts: perSpan.map(\.count), starts: starts, fitted: fitted.count, end: local, row: row, in: region)
        }
        return min(local, region.width)
    }

    /// `draw` of spans that all keep their glyphs (a chat row laid out), carry no link and fit:
    /// their glyphs put one by one, with no list of them made first (a live message's new rows
    /// made three). Nil, having drawn nothing, for any other spans.
    private mutating func drawLaidOut(_ spans: [Span], row: Int, column: Int, in region: Region) -> Int? {
        guard column >= 0 else { return nil }
        var total = 0
        for span in spans {
            guard let glyphs = span.glyphs, span.link == nil else { return nil }
            total += TextLayout.width(glyphs)
        }
        guard total <= region.width - column else { return nil }
        var local = column
        for span in spans {
            for glyph in span.glyphs ?? [] {
                put(glyph, style: span.style, at: region.absolute(Point(row: row, column: local)), clip: region.frame)
                local += glyph.width
            }
        }
        return min(local, region.width)
    }

    /// Records the links of spans just drawn: each linked span's glyphs that were drawn whole
    /// (not cut, not the ellipsis), clipped to the region.
    private mutating func linkSpans(_ spans: [Span], glyphCounts: [Int], starts: [Int], fitted: Int, end: Int, row: Int, in region: Region) {
        let cut = fitted < glyphCounts.reduce(0, +)
        var first = 0
        for (span, count) in zip(spans, glyphCounts) {
            defer { first += count }
            let last = min(first + count, cut ? fitted - 1 : fitted)
            guard let url = span.link, last > first else { continue }
            let lower = max(starts[first], 0)
            let upper = min(last < starts.count ? starts[last] : end, region.width)
            guard upper > lower else { continue }
            let origin = region.absolute(Point(row: row, column: lower))
            link(url, row: origin.row, columns: origin.column..<(origin.column + upper - lower))
        }
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
        if let glyphs = span.glyphs { return glyphs.map { ($0, span.style) } }
        return GlyphMemo.glyphs(of: span.text, inertGlyphs).map { ($0.0, $0.isMarker ? span.style.marker : span.style) }
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
