import ChatCore
import ViewModels

/// The chat: the channel's name as title, then the transcript, bottom-aligned and scrolled back
/// by `scroll` rows. It reports what it showed so the app can page older history.
public struct ChatPane {
    public var title: String
    /// A direct conversation is titled `@ name`, a channel `# name`.
    public var isDirect = false
    public var messages: Loadable<[ChatLine]>
    public var paging: Paging
    /// Rows scrolled back from the newest (0: the newest row is at the bottom).
    public var scroll: Int
    public var focused: Bool
    public var transcript: ChatTranscript

    public init(title: String, messages: Loadable<[ChatLine]>, paging: Paging, scroll: Int, focused: Bool, transcript: ChatTranscript) {
        self.title = title
        self.messages = messages
        self.paging = paging
        self.scroll = scroll
        self.focused = focused
        self.transcript = transcript
    }

    /// What the pane showed.
    public struct Report: Hashable, Sendable {
        /// The oldest row loaded is on screen: time to fetch the page before it.
        public var showsOldest = false
        /// The largest useful `scroll`.
        public var maxScroll = 0
        /// The rows of the transcript on screen (indices into the rows laid out, the newest ones).
        public var visibleRows: Range<Int> = 0..<0
    }

    @discardableResult
    public func draw(on canvas: inout Canvas, in region: Region) -> Report {
        canvas.clear(region)
        let titleStyle = Style(.accent, on: .surface, .bold)
        canvas.clear(region.rows(0, count: 1), style: Style(.text, on: .surface))
        canvas.draw((isDirect ? "@ " : "# ") + transcript.text.line(title), style: titleStyle, row: 0, column: 1, in: region)
        let body = region.inset(top: 1, left: 1, right: 1)
        let strings = transcript.strings
        switch messages {
        case .loading:
            canvas.draw(strings.shared.loading, style: Style(.muted), row: 0, in: body)
            return Report()
        case .failed(let reason):
            canvas.drawWrapped(transcript.text.line(reason), style: Style(.error), in: body)
            return Report()
        case .loaded(let lines):
            // Only what can be shown now or within a few pages of scrolling is laid out.
            let tail = transcript.tailRows(for: lines, width: body.width, minimum: max(scroll, 0) + body.height + Self.lookahead)
            var rows = tail.rows
            if tail.complete { rows.insert(header(isEmpty: lines.isEmpty), at: 0) }
            return draw(rows, complete: tail.complete, on: &canvas, in: body)
        }
    }

    /// The first row: more history to come, or the beginning.
    private func header(isEmpty: Bool) -> ChatTranscript.Row {
        let strings = transcript.strings
        let label: String
        switch paging {
        case .haveMore: label = strings.olderLoading
        case .notStarted, .done: label = isEmpty ? strings.noMessages : strings.beginning
        }
        return ChatTranscript.Row(spans: [Span(label, Style(.muted))], alignRight: false)
    }

    /// Rows laid out beyond the screen and the scroll position, so scrolling up keeps going; the
    /// oldest row is reported shown only once the rows reach back to the first message.
    public static let lookahead = 200

    private func draw(_ rows: [ChatTranscript.Row], complete: Bool, on canvas: inout Canvas, in body: Region) -> Report {
        let maxScroll = max(0, rows.count - body.height)
        let scroll = Self.keepingSelection(rows, height: body.height, scroll: min(max(self.scroll, 0), maxScroll))
        let end = rows.count - scroll
        let start = max(0, end - body.height)
        let top = body.height - (end - start)
        for (offset, row) in rows[start..<end].enumerated() {
            let width = TextLayout.width(row.spans.flatMap { TextLayout.glyphs($0.text) })
            let column = row.alignRight ? max(0, body.width - width) : 0
            var spans = row.spans
            if row.isSelected {
                canvas.clear(body.rows(top + offset, count: 1), style: Style(.text, on: .selection))
                spans = spans.map { Span($0.text, Style(foreground: $0.style.foreground, background: .role(.selection), attributes: $0.style.attributes)) }
            }
            canvas.draw(spans, row: top + offset, column: column, in: body)
        }
        placeGraphics(rows, visible: start..<end, top: top, on: &canvas, in: body)
        return Report(showsOldest: start == 0 && complete, maxScroll: maxScroll, visibleRows: start..<end)
    }

    /// Each picture whose lines are all on screen gets its cells reserved (blank) and is placed
    /// over them; one cut by the pane's edge keeps its symbols, as the terminal could not show
    /// part of it.
    private func placeGraphics(_ rows: [ChatTranscript.Row], visible: Range<Int>, top: Int, on canvas: inout Canvas, in body: Region) {
        for index in visible {
            guard let first = rows[index].graphic, first.line == 0 else { continue }
            let size = first.graphic.size
            let lines = index..<(index + size.height)
            guard lines.upperBound <= visible.upperBound,
                  lines.enumerated().allSatisfy({ rows[$0.element].graphic == ChatTranscript.GraphicLine(graphic: first.graphic, line: $0.offset, span: first.span) })
            else { continue }
            let row = rows[index]
            let width = TextLayout.width(row.spans.flatMap { TextLayout.glyphs($0.text) })
            let before = TextLayout.width(row.spans.prefix(first.span).flatMap { TextLayout.glyphs($0.text) })
            let column = (row.alignRight ? max(0, body.width - width) : 0) + before
            let origin = body.absolute(Point(row: top + index - visible.lowerBound, column: column))
            let rect = Rect(origin: origin, size: size)
            guard rect.intersection(body.frame) == rect else { continue }
            canvas.fill(rect, style: .plain)
            canvas.place(first.graphic, at: origin)
        }
    }

    /// `scroll`, changed as little as needed to show the selected message's rows (its first row
    /// when it is taller than the pane).
    static func keepingSelection(_ rows: [ChatTranscript.Row], height: Int, scroll: Int) -> Int {
        guard height > 0, let first = rows.firstIndex(where: \.isSelected),
              let last = rows.lastIndex(where: \.isSelected) else { return scroll }
        let end = rows.count - scroll
        if first < end - height { return max(rows.count - (first + height), 0) }
        if last >= end { return max(rows.count - min(last + 1, first + height), 0) }
        return scroll
    }
}
