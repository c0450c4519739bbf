import ChatCore
import ViewModels

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
    static let minimumColumnWidth = 30
    static let gap = 2

    var keys: HelpSection {
        HelpSection(heading: strings.keysHeading, entries: KeyMap.helpRows(strings).map { HelpSection.Entry(label: $0.keys, meaning: $0.meaning) })
    }

    var commands: HelpSection {
        HelpSection(heading: strings.commandsHeading,
                    entries: CommandRegistry.entries.map { HelpSection.Entry(label: $0.usage, meaning: strings.summary(of: $0)) })
    }

    /// Keys and commands side by side when two columns fit (the split between them chosen so
    /// the taller is as short as it can be: long meanings wrap, nothing is cut), else one column
    /// after the other; whatever is still taller than the terminal scrolls (↑/↓). Returns the
    /// largest useful `scroll`.
    @discardableResult
    public func draw(on canvas: inout Canvas, in region: Region) -> Int {
        let rowsAvailable = max(region.height - 3, 1)
        let columns = layout(width: min(region.width, 110) - 4, rows: rowsAvailable)
        let tallest = columns.map(\.lines.count).max() ?? 0
        let maxScroll = max(tallest - rowsAvailable, 0)
        let scroll = min(max(self.scroll, 0), maxScroll)
        let used = columns.reduce(0) { $0 + $1.width } + Self.gap * (columns.count - 1)
        let inner = Box(title: strings.helpTitle, width: used + 4, height: min(tallest, rowsAvailable) + 3).draw(on: &canvas, in: region)
        var column = 0
        for laid in columns {
            let area = inner.subregion(Rect(row: 0, column: column, width: laid.width, height: inner.height - 1))
            for (index, line) in laid.lines.dropFirst(scroll).prefix(area.height).enumerated() {
                canvas.draw(line, row: index, in: area)
            }
            column += laid.width + Self.gap
        }
        let footer = maxScroll > 0 ? strings.helpScrollHint : strings.helpClose
        canvas.draw(footer, style: Style(.muted), row: inner.height - 1, in: inner)
        return maxScroll
    }

    typealias Column = (width: Int, lines: [[Span]])

    private struct LayoutKey: Hashable {
        let width: Int
        let rows: Int
        let language: Language
    }

    /// Layouts already made: the help is the same for a size and a language, and trying every
    /// split of the two columns on each frame (each scroll, each resize step) cost seconds.
    private static let layouts = Mutex([LayoutKey: [Column]]())
    private static let layoutsKept = 64

    /// The help's columns for `width` inner columns and `rows` visible rows.
    func layout(width: Int, rows: Int) -> [Column] {
        let key = LayoutKey(width: width, rows: rows, language: strings.language)
        if let made = Self.layouts.withLock({ $0[key] }) { return made }
        let made = freshLayout(width: width, rows: rows)
        Self.layouts.withLock { layouts in
            if layouts.count >= Self.layoutsKept { layouts.removeAll() }
            layouts[key] = made
        }
        return made
    }

    private func freshLayout(width: Int, rows: Int) -> [Column] {
        let keys = self.keys, commands = self.commands
        let natural = keys.naturalWidth + Self.gap + commands.naturalWidth
        if natural <= width {
            return [(keys.naturalWidth, keys.lines(width: keys.naturalWidth)), (commands.naturalWidth, commands.lines(width: commands.naturalWidth))]
        }
        let shared = width - Self.gap
        if shared >= 2 * Self.minimumColumnWidth {
            // Every split: the one whose taller column is shortest (the wider keys on a tie).
            var best: (height: Int, keysWidth: Int)?
            for keysWidth in stride(from: min(keys.naturalWidth, shared - Self.minimumColumnWidth), through: Self.minimumColumnWidth, by: -1) {
                let height = max(keys.lines(width: keysWidth).count, commands.lines(width: shared - keysWidth).count)
                if height < best?.height ?? .max { best = (height, keysWidth) }
            }
            if let best, best.height <= rows {
                return [(best.keysWidth, keys.lines(width: best.keysWidth)), (shared - best.keysWidth, commands.lines(width: shared - best.keysWidth))]
            }
        }
        let single = max(min(width, max(keys.naturalWidth, commands.naturalWidth)), 1)
        return [(single, keys.lines(width: single) + [[]] + commands.lines(width: single))]
    }
}
