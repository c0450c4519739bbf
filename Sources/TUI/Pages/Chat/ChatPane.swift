import ChatCore
import ViewModels

/// The chat: the channel's name as title, then the transcript, bottom-aligned and scrolled to
/// `position`. Scrolled back, the title row says how many messages arrived below. It reports
/// what it showed so the app can page older history and scroll from where the view is.
public struct ChatPane {
    public var title: String
    /// A direct conversation is titled `@ name`, a channel `# name`.
    public var isDirect = false
    public var messages: Loadable<[ChatLine]>
    public var paging: Paging
    /// Where the transcript is scrolled.
    public var position: ChatScroll
    public var focused: Bool
    public var transcript: ChatTranscript

    /// A pane `scroll` rows back from the newest row.
    public init(title: String, messages: Loadable<[ChatLine]>, paging: Paging, scroll: Int, focused: Bool, transcript: ChatTranscript) {
        self.title = title
        self.messages = messages
        self.paging = paging
        position = scroll == 0 ? .newest : .back(rows: scroll, anchor: nil)
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
        /// Rows back from the newest row, as drawn.
        public var scroll = 0
        /// Rows after the anchor's last row (`ChatScroll.back`).
        public var belowAnchor = 0
        /// Messages after the anchor that are below the view.
        public var newBelow = 0
        /// The newest message, which scrolling back anchors to.
        public var newest: MessageID?
        /// The message drawn on each screen row, and the columns the transcript takes (a click).
        public var rowMessages: [Int: MessageID] = [:]
        public var columns: Range<Int> = 0..<0
    }

    /// Where the transcript's rows go in the pane's `region`: below the title, a column in from
    /// each side.
    static func body(of region: Region) -> Region {
        region.inset(top: 1, left: 1, right: 1)
    }

    @discardableResult
    public func draw(on canvas: inout Canvas, in region: Region) -> Report {
        canvas.clear(region)
        drawTitle(on: &canvas, in: region)
        let body = Self.body(of: region)
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
            var tail = transcript.tailRows(for: lines, width: body.width, minimum: minimumRows(height: body.height), anchor: anchor)
            if tail.complete { tail = tail.prepending(header(isEmpty: lines.isEmpty)) }
            var report = draw(tail, on: &canvas, in: body)
            report.newest = lines.last?.id
            if report.scroll > 0 { drawIndicator(report.newBelow, on: &canvas, in: region) }
            return report
        }
    }

    private func drawTitle(on canvas: inout Canvas, in region: Region) {
        let titleStyle = Style(.accent, on: .surface, .bold)
        canvas.clear(region.rows(0, count: 1), style: Style(.text, on: .surface))
        canvas.draw((isDirect ? "@ " : "# ") + transcript.text.line(title), style: titleStyle, row: 0, column: 1, in: region)
    }

    /// "3 new ↓ End" (or "more below ↓ End") at the right of the title row.
    private func drawIndicator(_ newBelow: Int, on canvas: inout Canvas, in region: Region) {
        let strings = transcript.strings
        let label = " " + (newBelow > 0 ? strings.newBelow(newBelow) : strings.moreBelow) + " "
        let width = TextLayout.width(TextLayout.glyphs(label))
        let style = newBelow > 0 ? Style(.onAccent, on: .accent, .bold) : Style(.muted, on: .surface)
        canvas.draw(label, style: style, row: 0, column: max(0, region.width - width - 1), in: region)
    }

    /// The message the rows are counted from: the anchor scrolled back to, or the first unread.
    private var anchor: MessageID? {
        switch position {
        case .back(_, let anchor): return anchor
        case .firstUnread: return transcript.firstUnread
        case .newest, .oldest: return nil
        }
    }

    /// Rows to lay out from the anchor (or the newest row) back.
    private func minimumRows(height: Int) -> Int {
        switch position {
        case .newest, .firstUnread: return height + Self.lookahead
        case .back(let rows, _): return max(rows, 0) + height + Self.lookahead
        case .oldest: return .max
        }
    }

    /// Rows back from the newest row that `position` asks for, before clamping.
    private func wantedScroll(_ tail: ChatTranscript.Tail, height: Int) -> Int {
        switch position {
        case .newest: return 0
        case .oldest: return tail.rows.count
        case .back(let rows, _): return rows + (tail.anchorEnd.map { tail.rows.count - $0 } ?? 0)
        case .firstUnread:
            guard let marker = tail.unreadRow else { return 0 }
            return tail.rows.count - (marker + height)
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

    private func draw(_ tail: ChatTranscript.Tail, on canvas: inout Canvas, in body: Region) -> Report {
        let rows = tail.rows
        let maxScroll = max(0, rows.count - body.height)
        let wanted = min(max(wantedScroll(tail, height: body.height), 0), maxScroll)
        let scroll = Self.keepingSelection(rows, height: body.height, scroll: wanted)
        let end = rows.count - scroll
        let start = max(0, end - body.height)
        let top = body.height - (end - start)
        var rowMessages: [Int: MessageID] = [:]
        for (offset, row) in rows[start..<end].enumerated() {
            draw(row, at: top + offset, on: &canvas, in: body)
            if let message = row.message { rowMessages[body.absolute(Point(row: top + offset, column: 0)).row] = message }
        }
        placeGraphics(rows, visible: start..<end, top: top, on: &canvas, in: body)
        var report = Report(showsOldest: start == 0 && tail.complete, maxScroll: maxScroll, visibleRows: start..<end, scroll: scroll)
        report.belowAnchor = tail.anchorEnd.map { rows.count - $0 } ?? 0
        report.newBelow = tail.startsAfterAnchor.filter { $0 >= end }.count
        report.rowMessages = rowMessages
        report.columns = body.frame.column..<body.frame.maxColumn
        return report
    }

    private func draw(_ row: ChatTranscript.Row, at line: Int, on canvas: inout Canvas, in body: Region) {
        // Only a row aligned right needs its width: measuring every row segmented its text twice.
        let column = row.alignRight ? max(0, body.width - row.width) : 0
        var spans = row.spans
        if row.isSelected {
            canvas.clear(body.rows(line, count: 1), style: Style(.text, on: .selection))
            spans = spans.map { span in
                var picked = span
                picked.style = Style(foreground: span.style.foreground, background: .role(.selection), attributes: span.style.attributes)
                return picked
            }
        }
        canvas.draw(spans, row: line, column: column, in: body)
    }

    /// The rows lines just added bring (`ChatTranscript.appendedRows`), drawn over the last frame
    /// of this pane while it follows the newest row: the rows shown scroll up to make room and only
    /// the new ones are drawn — the same cells `draw` would give, without laying out the rest.
    /// Returns `last`, the report of the frame drawn over, moved along.
    public func drawAppended(_ added: [ChatTranscript.Row], newest: MessageID, after last: Report, on canvas: inout Canvas,
                             in region: Region) -> Report {
        let body = Self.body(of: region)
        let count = min(added.count, body.height)
        canvas.scrollUp(body.frame, by: count)
        var report = last
        // The messages of the screen rows (a click) move up with their rows.
        var moved = [Int: MessageID](minimumCapacity: last.rowMessages.count + count)
        for (row, message) in last.rowMessages where row - count >= body.frame.row { moved[row - count] = message }
        report.rowMessages = moved
        for (offset, row) in added.suffix(count).enumerated() {
            let line = body.height - count + offset
            draw(row, at: line, on: &canvas, in: body)
            let screenRow = body.absolute(Point(row: line, column: 0)).row
            report.rowMessages[screenRow] = row.message
        }
        let total = last.visibleRows.upperBound + added.count
        report.visibleRows = max(0, total - body.height)..<total
        report.maxScroll = max(0, total - body.height)
        report.showsOldest = last.showsOldest && report.visibleRows.lowerBound == 0
        report.newest = newest
        return report
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
            let width = row.width
            let before = row.spans.prefix(first.span).reduce(0) { $0 + $1.width }
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
