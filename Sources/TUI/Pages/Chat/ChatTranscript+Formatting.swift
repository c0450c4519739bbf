import ChatCore

/// A formatted body (`FormattedText`, from a sender's HTML) as styled rows: each run made inert
/// like any body, the word filter run over the whole text (so a word split by a tag is still
/// masked), then wrapped by display width with each glyph keeping its run's style (and its
/// link's address, emitted as an OSC 8 hyperlink when it is http or https).
extension ChatTranscript {
    /// One glyph laid out: its style and the link it belongs to.
    struct LaidGlyph {
        var glyph: Glyph
        var style: Style
        var link: String?
    }

    func formattedRows(_ formatted: FormattedText, width: Int, style: Style) -> [Row] {
        var rows: [Row] = []
        for line in Self.lines(of: formatted) {
            let cells = inertCells(line, base: style)
            rows += Self.wrapped(cells, width: max(width, 2))
            if rows.count >= Self.lineLimit { return Array(rows.prefix(Self.lineLimit)) + [Row(spans: [Span(strings.messageCut, Style(.muted))], alignRight: false)] }
        }
        return rows.isEmpty ? [Row(spans: [], alignRight: false)] : rows
    }

    /// How a run's marks look on top of the message's style.
    static func style(of marks: FormattedText.Marks, on base: Style) -> Style {
        var style = base
        if marks.contains(.code) { style = Style(.accent) }
        if marks.contains(.quote) { style = Style(.muted) }
        if marks.contains(.link) { style = Style(.accent, on: nil, .underline) }
        if marks.contains(.bold) { style = style.adding(.bold) }
        if marks.contains(.italic) { style = style.adding(.underline) }
        if marks.contains(.strike) { style = style.adding(.dim) }
        return style
    }

    /// The runs cut at their line breaks: one list of (text, marks) per line.
    private static func lines(of formatted: FormattedText) -> [[(String, FormattedText.Run)]] {
        var lines: [[(String, FormattedText.Run)]] = [[]]
        for run in formatted.runs {
            for (index, piece) in run.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if index > 0 { lines.append([]) }
                if !piece.isEmpty { lines[lines.count - 1].append((String(piece), run)) }
            }
        }
        while lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// One line's glyphs, each with its style: inert per run, masked as one text.
    private func inertCells(_ line: [(String, FormattedText.Run)], base: Style) -> [LaidGlyph] {
        let pieces = line.map { (Array(InertText.sanitize($0.0, layout: .singleLine)), Self.style(of: $0.1.marks, on: base), $0.1.link) }
        var masked = text.filter.mask(pieces.flatMap(\.0))[...]
        var cells: [LaidGlyph] = []
        for (characters, style, link) in pieces {
            let own = masked.prefix(characters.count)
            masked = masked.dropFirst(characters.count)
            cells += own.compactMap(DisplayWidth.glyph(for:)).map { LaidGlyph(glyph: $0, style: style, link: link) }
        }
        return cells
    }

    /// `TextLayout`'s word wrap, keeping each glyph's style.
    static func wrapped(_ cells: [LaidGlyph], width: Int) -> [Row] {
        let glyphs = cells.map(\.glyph)
        var rows: [Row] = []
        var start = 0
        repeat {
            let (end, fitsAll) = TextLayout.breakIndex(glyphs, from: start, width: width)
            let stop = fitsAll ? glyphs.count : end
            rows.append(Row(spans: spans(cells[start..<stop]), alignRight: false))
            start = stop
            while start < glyphs.count, glyphs[start] == .space { start += 1 }
        } while start < glyphs.count
        return rows
    }

    /// Neighbouring glyphs of one style and link as one span, keeping the glyphs (drawn as laid).
    private static func spans(_ cells: ArraySlice<LaidGlyph>) -> [Span] {
        var spans: [Span] = []
        var start = cells.startIndex
        while start < cells.endIndex {
            let first = cells[start]
            var end = start + 1
            while end < cells.endIndex, cells[end].style == first.style, cells[end].link == first.link { end += 1 }
            spans.append(Span(glyphs: cells[start..<end].map(\.glyph), first.style, link: first.link))
            start = end
        }
        return spans
    }
}
