import ChatCore

/// A plain body's links: underlined in the accent colour, each glyph carrying the address (an
/// OSC 8 hyperlink on every row a long link wraps onto, so any piece opens the whole link), and
/// followed by its number for `/open N` — `[1]` is the chat's newest link.
extension ChatTranscript {
    func linkedRows(_ shown: String, width: Int, style: Style) -> [Row] {
        guard newestLinkNumber > 0 else {
            return TextLayout.wrap(shown, width: width).map { Row(spans: [Span(glyphs: $0, style)], alignRight: false) }
        }
        let lines = shown.split(separator: "\n", omittingEmptySubsequences: false)
        let total = lines.reduce(0) { $0 + LinkFinder.links(in: String($1)).count }
        var number = newestLinkNumber + total - 1  // the first link shown has the highest number
        var rows: [Row] = []
        for line in lines {
            let (cells, used) = linkedCells(String(line), style: style, firstNumber: number)
            number -= used
            rows += Self.wrapped(cells, width: max(width, 2))
        }
        return rows
    }

    /// The glyphs of one line with its links marked and numbered (counting down from
    /// `firstNumber`), and how many links it had.
    private func linkedCells(_ line: String, style: Style, firstNumber: Int) -> ([LaidGlyph], Int) {
        let characters = Array(line)
        let links = LinkFinder.links(in: line)
        var cells: [LaidGlyph] = []
        var index = 0
        for (offset, link) in links.enumerated() {
            cells += Self.glyphs(characters[index..<link.range.lowerBound], style: style, link: nil)
            cells += Self.glyphs(characters[link.range], style: Style(.accent, on: nil, .underline), link: link.url)
            cells += Self.glyphs(Array(" [\(firstNumber - offset)]")[...], style: Style(.muted), link: nil)
            index = link.range.upperBound
        }
        cells += Self.glyphs(characters[index...], style: style, link: nil)
        return (cells, links.count)
    }

    private static func glyphs(_ characters: ArraySlice<Character>, style: Style, link: String?) -> [LaidGlyph] {
        characters.compactMap(DisplayWidth.glyph(for:)).map { LaidGlyph(glyph: $0, style: style, link: link) }
    }
}
