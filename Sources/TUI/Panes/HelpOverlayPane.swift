/// `?` and `/help`: every key binding and every slash command, generated from the key map and
/// the command registry.
public struct HelpOverlayPane {
    public var strings: UIStrings

    public init(strings: UIStrings) {
        self.strings = strings
    }

    /// The help's lines: keys, then commands.
    public var lines: [[Span]] {
        var lines: [[Span]] = [[Span(strings.keysHeading, Style(.accent, on: nil, .bold))]]
        for row in KeyMap.helpRows(strings) {
            lines.append([Span(pad(row.keys, 14), Style(.text, on: nil, .bold)), Span(row.meaning, Style(.text))])
        }
        lines.append([])
        lines.append([Span(strings.commandsHeading, Style(.accent, on: nil, .bold))])
        for entry in CommandRegistry.entries {
            lines.append([Span(pad(entry.usage, 14), Style(.text, on: nil, .bold)), Span(strings.summary(of: entry), Style(.text))])
        }
        return lines
    }

    public func draw(on canvas: inout Canvas, in region: Region) {
        let lines = self.lines
        let inner = Box(title: strings.helpTitle, width: 70, height: lines.count + 4).draw(on: &canvas, in: region)
        for (index, line) in lines.prefix(max(inner.height - 1, 0)).enumerated() {
            canvas.draw(line, row: index, in: inner)
        }
        canvas.draw(strings.helpClose, style: Style(.muted), row: inner.height - 1, in: inner)
    }

    private func pad(_ text: String, _ width: Int) -> String {
        let used = TextLayout.width(TextLayout.glyphs(text))
        return text + String(repeating: " ", count: max(width - used, 1))
    }
}
