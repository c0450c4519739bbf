/// `?` and `/help`: every key binding and every slash command, generated from the key map and
/// the command registry. Keys and commands sit side by side when the terminal is wide enough.
public struct HelpOverlayPane {
    public var strings: UIStrings

    public init(strings: UIStrings) {
        self.strings = strings
    }

    /// The keys section: a heading, then one line per binding.
    public var keyLines: [[Span]] {
        [[Span(strings.keysHeading, Style(.accent, on: nil, .bold))]]
            + KeyMap.helpRows(strings).map { binding in row(binding.keys, binding.meaning) }
    }

    /// The commands section: a heading, then one line per registered command.
    public var commandLines: [[Span]] {
        [[Span(strings.commandsHeading, Style(.accent, on: nil, .bold))]]
            + CommandRegistry.entries.map { row($0.usage, strings.summary(of: $0)) }
    }

    public func draw(on canvas: inout Canvas, in region: Region) {
        let keys = keyLines
        let commands = commandLines
        let sideBySide = region.width >= 80
        let height = (sideBySide ? max(keys.count, commands.count) : keys.count + commands.count + 1) + 4
        let inner = Box(title: strings.helpTitle, width: sideBySide ? min(region.width, 110) : 70, height: height).draw(on: &canvas, in: region)
        let body = inner.inset(bottom: 1)
        if sideBySide {
            let (left, right) = body.splitColumns(body.width / 2)
            draw(keys, on: &canvas, in: left.inset(right: 1))
            draw(commands, on: &canvas, in: right)
        } else {
            draw(keys + [[]] + commands, on: &canvas, in: body)
        }
        canvas.draw(strings.helpClose, style: Style(.muted), row: inner.height - 1, in: inner)
    }

    private func draw(_ lines: [[Span]], on canvas: inout Canvas, in region: Region) {
        for (index, line) in lines.prefix(region.height).enumerated() {
            canvas.draw(line, row: index, in: region)
        }
    }

    private func row(_ left: String, _ meaning: String) -> [Span] {
        let used = TextLayout.width(TextLayout.glyphs(left))
        return [Span(left + String(repeating: " ", count: max(11 - used, 1)), Style(.text, on: nil, .bold)), Span(meaning, Style(.text))]
    }
}
