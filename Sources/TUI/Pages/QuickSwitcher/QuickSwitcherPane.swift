import ChatCore
import ViewModels

/// Ctrl-K: type part of a channel's name, pick one of the matches.
public struct QuickSwitcherPane {
    public var query: LineEditor
    public var matches: Loadable<[Channel]>
    public var selected: Int
    public var strings: UIStrings
    public var text: OutsideText

    public init(query: LineEditor, matches: Loadable<[Channel]>, selected: Int, strings: UIStrings, text: OutsideText) {
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
        case .loaded(let channels) where channels.isEmpty:
            canvas.draw(strings.noMatches, style: Style(.muted), row: 0, in: list)
        case .loaded(let channels):
            let first = ListScroll.offset(selected: selected, count: channels.count, height: list.height)
            for (offset, channel) in channels.dropFirst(first).prefix(list.height).enumerated() {
                let isSelected = first + offset == selected
                let line = list.rows(offset, count: 1)
                canvas.clear(line, style: isSelected ? Style(.text, on: .selection) : Style(.text))
                canvas.draw((isSelected ? "▸ " : "  ") + text.line(channel.name), style: isSelected ? Style(.text, on: .selection, .bold) : Style(.text), row: 0, in: line)
            }
        }
        canvas.draw(strings.quickSwitcherHint, style: Style(.muted), row: inner.height - 1, in: inner)
        return cursor
    }
}
