/// One part of the help (the keys, or the commands): a heading and rows of a label (`Ctrl-K`,
/// `/join NAME`) and what it does. Laid out at a width, a meaning too long for its row wraps
/// under itself (never cut with `…`), so the layout can trade width for height.
struct HelpSection {
    struct Entry {
        let label: String
        let meaning: String
    }

    let heading: String
    let entries: [Entry]

    /// Columns for the labels: the widest label and two spaces.
    var labelWidth: Int {
        (entries.map { TextLayout.width(TextLayout.glyphs($0.label)) }.max() ?? 0) + 2
    }

    /// The width at which nothing wraps.
    var naturalWidth: Int {
        labelWidth + (entries.map { TextLayout.width(TextLayout.glyphs($0.meaning)) }.max() ?? 0)
    }

    /// The section's lines at `width` columns: the heading, then each entry, wrapped.
    func lines(width: Int) -> [[Span]] {
        let labelStyle = Style(.text, on: nil, .bold)
        let meaningWidth = max(width - labelWidth, 1)
        var lines: [[Span]] = [[Span(heading, Style(.accent, on: nil, .bold))]]
        for entry in entries {
            let padding = labelWidth - TextLayout.width(TextLayout.glyphs(entry.label))
            let wrapped = TextLayout.wrappedLines(entry.meaning, width: meaningWidth)
            for (index, part) in wrapped.enumerated() {
                let label = index == 0 ? entry.label + String(repeating: " ", count: padding) : String(repeating: " ", count: labelWidth)
                lines.append([Span(label, labelStyle), Span(part, Style(.text))])
            }
        }
        return lines
    }
}
