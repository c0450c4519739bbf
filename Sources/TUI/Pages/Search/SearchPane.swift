import ChatCore
import FoundationEssentials
import ViewModels

/// The search page: the words, then each result on two rows — where and when (the chat, the
/// sender, the time or, before today, the date) and the words around the match.
@MainActor
struct SearchPane {
    var query: LineEditor
    var model: SearchModel
    var selected: Int
    var strings: UIStrings
    var text: OutsideText
    var time: TimeFormat
    var now = Date()

    /// Draws the page; returns the cursor in its query field.
    func draw(on canvas: inout Canvas, in region: Region) -> Point? {
        let title = model.scopeName.map { strings.searchTitle(in: text.line($0)) } ?? strings.searchTitle(in: nil)
        let box = Box(title: title, width: min(region.width, 100), height: region.height)
        let inner = box.draw(on: &canvas, in: region)
        canvas.draw("/ ", style: Style(.accent, on: nil, .bold), row: 0, in: inner)
        let field = inner.subregion(Rect(row: 0, column: 2, width: inner.width - 2, height: 1))
        let cursor = canvas.draw(query.view(width: field.width), style: Style(.text), in: field)
        let list = inner.inset(top: 2, bottom: 1)
        switch model.results {
        case nil: canvas.draw(strings.searchPrompt, style: Style(.muted), row: 0, in: list)
        case .loading?: canvas.draw(strings.shared.loading, style: Style(.muted), row: 0, in: list)
        case .failed(let reason)?: canvas.draw(text.line(reason), style: Style(.error), row: 0, in: list)
        case .loaded(let hits)? where hits.isEmpty: canvas.draw(strings.noMatches, style: Style(.muted), row: 0, in: list)
        case .loaded(let hits)?: drawHits(hits, on: &canvas, in: list)
        }
        canvas.draw(strings.searchHint, style: Style(.muted), row: inner.height - 1, in: inner)
        return cursor
    }

    private func drawHits(_ hits: [SearchHit], on canvas: inout Canvas, in list: Region) {
        let perPage = max(list.height / 2, 1)
        let first = ListScroll.offset(selected: selected, count: hits.count, height: perPage)
        for (offset, hit) in hits.dropFirst(first).prefix(perPage).enumerated() {
            let isSelected = first + offset == selected
            let rows = list.rows(offset * 2, count: 2)
            canvas.clear(rows, style: isSelected ? Style(.text, on: .selection) : Style(.text))
            let place = [text.line(hit.channelName), text.line(hit.message.senderNickname), time.listLabel(hit.message.sentAt, now: now)]
            canvas.draw((isSelected ? "▸ " : "  ") + place.joined(separator: " · "),
                        style: isSelected ? Style(.accent, on: .selection, .bold) : Style(.accent), row: 0, in: rows)
            canvas.draw("  " + text.line(hit.snippet), style: isSelected ? Style(.text, on: .selection) : Style(.text), row: 1, in: rows)
        }
    }
}

extension UIStrings {
    func searchTitle(in chat: String?) -> String {
        let korean = language == .korean
        guard let chat else { return korean ? "검색" : "Search" }
        return korean ? "\(chat)에서 검색" : "Search in \(chat)"
    }

    var searchPrompt: String { language == .korean ? "찾을 말을 입력하고 Enter" : "Type words to find, Enter" }
    var searchHint: String { language == .korean ? "Enter 검색 / 열기 · ↑/↓ · Esc 닫기" : "Enter search / open · ↑/↓ · Esc close" }
}
