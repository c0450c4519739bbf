/// What the input line shows in a given width: the visible glyphs and the cursor's column.
public struct LineView: Hashable, Sendable {
    public var glyphs: [Glyph]
    /// Column of the cursor within the visible part (0…width-1).
    public var cursorColumn: Int
}

extension LineEditor {
    /// The part of the line to show in `width` columns, scrolled horizontally by display width so
    /// the cursor is always visible. Scrolling moves by half the width at a time, so the text does
    /// not shift on every key. `mask` replaces every character (password fields).
    public func view(width: Int, mask: Character? = nil) -> LineView {
        guard width > 1 else { return LineView(glyphs: [], cursorColumn: 0) }
        let characters = mask.map { Array(repeating: $0, count: text.count) } ?? Array(text)
        let glyphs = characters.map { TextLayout.glyphs(String($0)) }
        let cursorColumn = glyphs[..<cursor].reduce(0) { $0 + TextLayout.width($1) }
        let step = max(width / 2, 1)
        let offset = cursorColumn < width ? 0 : ((cursorColumn - width) / step + 1) * step
        var visible: [Glyph] = []
        var column = 0
        for glyph in glyphs.joined() {
            defer { column += glyph.width }
            guard column >= offset else {
                if column + glyph.width > offset { visible.append(.space) }  // half a wide glyph
                continue
            }
            if column - offset + glyph.width > width { break }
            visible.append(glyph)
        }
        return LineView(glyphs: visible, cursorColumn: cursorColumn - offset)
    }
}
