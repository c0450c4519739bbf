import ChatCore

/// Text cut into glyphs and fitted to a width: truncation with an ellipsis and word wrapping,
/// both measured in terminal columns (never in characters or bytes).
public enum TextLayout {
    /// The glyphs of `text` made inert (single line).
    public static func glyphs(_ text: String) -> [Glyph] {
        simpleGlyphs(text) ?? InertText.sanitize(text).compactMap(DisplayWidth.glyph(for:))
    }

    /// The glyphs of text made only of printable ASCII and precomposed Hangul syllables (most
    /// chat text here), or nil for any other text. Such scalars are inert and each is a grapheme
    /// of its own (none joins the next), so the text is cut by scalar: finding grapheme breaks and
    /// checking every grapheme for controls was most of a live message's wrapping (callgrind).
    static func simpleGlyphs(_ text: String) -> [Glyph]? {
        var glyphs: [Glyph] = []
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x20...0x7E: glyphs.append(Glyph(scalar: scalar, width: 1))
            case 0xAC00...0xD7A3: glyphs.append(Glyph(scalar: scalar, width: 2))
            default: return nil
            }
        }
        return glyphs
    }

    /// Total columns of `glyphs`.
    public static func width(_ glyphs: [Glyph]) -> Int {
        glyphs.reduce(0) { $0 + $1.width }
    }

    /// `glyphs` cut to at most `width` columns; when cut, the last column shows `…`.
    public static func truncate(_ glyphs: [Glyph], to width: Int) -> [Glyph] {
        guard width > 0 else { return [] }
        if self.width(glyphs) <= width { return glyphs }
        var result: [Glyph] = []
        var used = 0
        for glyph in glyphs {
            if used + glyph.width > width - 1 { break }
            result.append(glyph)
            used += glyph.width
        }
        result.append(.ellipsis)
        return result
    }

    /// `text` cut to at most `width` columns, with `…` when cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        string(truncate(glyphs(text), to: width))
    }

    /// Lines of at most `width` columns. Breaks after the last space that fits; a word longer than
    /// a line (or text without spaces, as Korean often is) is broken between graphemes.
    /// Multi-line text keeps its own line breaks. Always at least one line.
    public static func wrap(_ text: String, width: Int) -> [[Glyph]] {
        InertText.lines(text).flatMap { wrapLine(glyphs($0), width: max(width, 2)) }
    }

    /// `wrap` as strings, for panes that only need the text.
    public static func wrappedLines(_ text: String, width: Int) -> [String] {
        wrap(text, width: width).map(string)
    }

    /// Glyphs back to the text they show: their bytes copied into one string (a string made per
    /// glyph and appended was a third of laying out a live message's row).
    public static func string(_ glyphs: [Glyph]) -> String {
        var length = 0
        for glyph in glyphs {
            guard let count = glyph.inlineCount else { return glyphs.reduce(into: "") { $0 += $1.text } }
            length += count
        }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var end = 0
            for glyph in glyphs { end += glyph.copyBytes(into: UnsafeMutableBufferPointer(rebasing: buffer[end...])) }
            return end
        }
    }

    static func wrapLine(_ glyphs: [Glyph], width: Int) -> [[Glyph]] {
        var lines: [[Glyph]] = []
        var start = 0
        while true {
            let (end, fitsAll) = breakIndex(glyphs, from: start, width: width)
            if fitsAll {
                lines.append(Array(glyphs[start...]))
                return lines
            }
            lines.append(trimTrailingSpaces(Array(glyphs[start..<end])))
            start = end
            while start < glyphs.count, glyphs[start] == .space { start += 1 }
            if start == glyphs.count { return lines }
        }
    }

    /// Where to end a line that starts at `start`: after the last fitting space, else after the
    /// last fitting glyph (at least one glyph, so wrapping always advances). `fitsAll` when the
    /// rest of the text fits on this line.
    static func breakIndex(_ glyphs: [Glyph], from start: Int, width: Int) -> (end: Int, fitsAll: Bool) {
        var used = 0
        var index = start
        var lastSpace: Int?
        while index < glyphs.count, used + glyphs[index].width <= width {
            if glyphs[index] == .space { lastSpace = index }
            used += glyphs[index].width
            index += 1
        }
        if index == glyphs.count { return (index, true) }
        if index == start { return (index + 1, false) }
        if let lastSpace, lastSpace > start, glyphs[index] != .space { return (lastSpace + 1, false) }
        return (index, false)
    }

    static func trimTrailingSpaces(_ glyphs: [Glyph]) -> [Glyph] {
        var glyphs = glyphs
        while glyphs.count > 1, glyphs.last == .space { glyphs.removeLast() }
        return glyphs
    }
}
