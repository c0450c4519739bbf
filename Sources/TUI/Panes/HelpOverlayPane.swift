/// `?` and `/help`: every key binding and every slash command, generated from the key map and
/// the command registry.
public struct HelpOverlayPane {
    public var strings: UIStrings
    /// Lines scrolled down, when the help is taller than the terminal.
    public var scroll: Int

    public init(strings: UIStrings, scroll: Int = 0) {
        self.strings = strings
        self.scroll = scroll
    }

    /// Columns narrower than this are not used: the help scrolls instead.
    static let minimumColumnWidth = 36

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

    /// Keys then commands, side by side on a wide terminal, else flowed into as many columns as
    /// fit; what still does not fit scrolls (↑/↓). Returns the largest useful `scroll`.
    @discardableResult
    public func draw(on canvas: inout Canvas, in region: Region) -> Int {
        let keys = keyLines
        let commands = commandLines
        let rowsAvailable = max(region.height - 3, 1)
        let maxColumns = max(min(region.width, 110) / Self.minimumColumnWidth, 1)
        var columns: [[[Span]]]
        if maxColumns >= 2, max(keys.count, commands.count) <= rowsAvailable {
            columns = [keys, commands]
        } else {
            let all = keys + commands
            let perColumn = max(rowsAvailable, (all.count + maxColumns - 1) / maxColumns)
            columns = stride(from: 0, to: all.count, by: perColumn).map { Array(all[$0..<min($0 + perColumn, all.count)]) }
        }
        let tallest = columns.map(\.count).max() ?? 0
        let maxScroll = max(tallest - rowsAvailable, 0)
        let scroll = min(max(self.scroll, 0), maxScroll)
        let width = columns.count == 1 ? 70 : min(region.width, 110)
        let inner = Box(title: strings.helpTitle, width: width, height: min(tallest, rowsAvailable) + 3).draw(on: &canvas, in: region)
        let body = inner.inset(bottom: 1)
        let columnWidth = max(body.width / max(columns.count, 1), 1)
        for (index, column) in columns.enumerated() {
            let area = body.subregion(Rect(row: 0, column: index * columnWidth, width: columnWidth - 1, height: body.height))
            draw(Array(column.dropFirst(scroll)), on: &canvas, in: area)
        }
        let footer = maxScroll > 0 ? strings.helpScrollHint : strings.helpClose
        canvas.draw(footer, style: Style(.muted), row: inner.height - 1, in: inner)
        return maxScroll
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
