import Foundation
import ViewModels

/// The Direct tab: each conversation with the other person, the latest message, its time and an
/// unread mark; a guest is told to log in.
public struct ConversationsPane {
    public var rows: Loadable<[ConversationRow]>
    public var placeholder: String?
    public var selected: Int
    public var strings: UIStrings
    public var text: OutsideText
    public var transcript: ChatTranscript

    public init(rows: Loadable<[ConversationRow]>, placeholder: String?, selected: Int, strings: UIStrings, text: OutsideText, transcript: ChatTranscript) {
        self.rows = rows
        self.placeholder = placeholder
        self.selected = selected
        self.strings = strings
        self.text = text
        self.transcript = transcript
    }

    public func draw(on canvas: inout Canvas, in region: Region) {
        canvas.clear(region)
        canvas.draw(strings.shared.tabTitle(.direct), style: Style(.accent, on: nil, .bold), row: 0, column: 1, in: region)
        let body = region.inset(top: 1)
        if let placeholder {
            canvas.draw(placeholder, style: Style(.muted), row: 0, column: 1, in: body)
            canvas.draw("/dm NAME", style: Style(.muted), row: 1, column: 1, in: body)
            return
        }
        switch rows {
        case .loading:
            canvas.draw(strings.shared.loading, style: Style(.muted), row: 0, column: 1, in: body)
        case .failed(let reason):
            canvas.drawWrapped(text.line(reason), style: Style(.error), in: body.inset(left: 1))
        case .loaded(let rows):
            let first = ListScroll.offset(selected: selected, count: rows.count, height: body.height)
            for (offset, row) in rows.dropFirst(first).prefix(body.height).enumerated() {
                drawRow(row, isSelected: first + offset == selected, on: &canvas, in: body.rows(offset, count: 1))
            }
        }
    }

    private func drawRow(_ row: ConversationRow, isSelected: Bool, on canvas: inout Canvas, in line: Region) {
        let base = isSelected ? Style(.text, on: .selection) : Style(.text)
        canvas.clear(line, style: base)
        let mark = row.unread ? strings.unreadMark : " "
        let name = TextLayout.truncate(text.line(row.other.nickname), to: 18)
        let time = row.latestTime.map { transcript.time($0) } ?? ""
        var spans = [Span(isSelected ? "▸" : " ", Style(.accent, on: isSelected ? .selection : nil)),
                     Span(mark + " ", Style(.badge, on: isSelected ? .selection : nil, .bold)),
                     Span(name, row.unread ? base.adding(.bold) : base),
                     Span("  " + time + "  ", Style(.muted, on: isSelected ? .selection : nil))]
        if let latest = row.latest { spans.append(Span(text.line(latest.content.summary), Style(.muted, on: isSelected ? .selection : nil))) }
        canvas.draw(spans, row: 0, in: line)
    }
}
