import ChatCore
import ViewModels

/// Ctrl-K: type part of a channel's or a person's name, pick one of the matches; a
/// conversation is marked `@`, and each match shows what waits there (`2`, `@1` highlights, `●`).
public struct QuickSwitcherPane {
    public var query: LineEditor
    public var matches: Loadable<[SwitcherMatch]>
    public var selected: Int
    public var strings: UIStrings
    public var text: OutsideText

    public init(query: LineEditor, matches: Loadable<[SwitcherMatch]>, selected: Int, strings: UIStrings, text: OutsideText) {
        self.query = query
        self.matches = matches
        self.selected = selected
        self.strings = strings
        self.text = text
    }

    /// Draws the switcher; returns the cursor in its query field.
    public func draw(on canvas: inout Canvas, in region: Region) -> Point? {
        let inner = Box(title: strings.quickSwitcherTitle, width: 50, height: min(region.height, 16)).draw(on: &canvas, in: region)
        canvas.draw("> ", style: Style(.accent, on: nil, .bold), row: 0, in: inner)
        let field = inner.subregion(Rect(row: 0, column: 2, width: inner.width - 2, height: 1))
        let view = query.view(width: field.width)
        let cursor = canvas.draw(view, style: Style(.text), in: field)
        let list = inner.inset(top: 2, bottom: 1)
        switch matches {
        case .loading:
            canvas.draw(strings.shared.loading, style: Style(.muted), row: 0, in: list)
        case .failed(let reason):
            canvas.draw(text.line(reason), style: Style(.error), row: 0, in: list)
        case .loaded(let matches) where matches.isEmpty:
            canvas.draw(strings.noMatches, style: Style(.muted), row: 0, in: list)
        case .loaded(let matches):
            let first = ListScroll.offset(selected: selected, count: matches.count, height: list.height)
            for (offset, match) in matches.dropFirst(first).prefix(list.height).enumerated() {
                drawRow(match, isSelected: first + offset == selected, on: &canvas, in: list.rows(offset, count: 1))
            }
        }
        canvas.draw(strings.quickSwitcherHint, style: Style(.muted), row: inner.height - 1, in: inner)
        return cursor
    }

    private func drawRow(_ match: SwitcherMatch, isSelected: Bool, on canvas: inout Canvas, in line: Region) {
        canvas.clear(line, style: isSelected ? Style(.text, on: .selection) : Style(.text))
        let style = isSelected ? Style(.text, on: .selection, .bold) : Style(.text)
        let activity = Self.activity(of: match)
        let activityWidth = TextLayout.width(TextLayout.glyphs(activity))
        let nameArea = line.subregion(Rect(row: 0, column: 0, width: max(line.width - activityWidth - 1, 1), height: 1))
        canvas.draw((isSelected ? "▸ " : "  ") + (match.isDirect ? "@" : "") + text.line(match.name), style: style, row: 0, in: nameArea)
        let hot = match.highlights > 0 ? Style(.accent, on: isSelected ? .selection : nil, .bold) : Style(.badge, on: isSelected ? .selection : nil)
        canvas.draw(activity, style: hot, row: 0, column: max(line.width - activityWidth, 0), in: line)
    }

    /// `@1 3` (highlights, unread this session), or `●` for a conversation marked unread.
    static func activity(of match: SwitcherMatch) -> String {
        var parts: [String] = []
        if match.highlights > 0 { parts.append("@\(match.highlights)") }
        if let label = match.unread.label { parts.append(label) } else if match.marked { parts.append("●") }
        return parts.joined(separator: " ")
    }
}
