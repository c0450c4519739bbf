import ChatCore
import FoundationEssentials
import ViewModels

/// A chat's messages laid out as rows of a given width: day separators, times, nicknames, text
/// wrapped by display width. Others' messages start at the left under their nickname; my own are
/// aligned right in my colour, as a phone's messenger sets them apart.
public struct ChatTranscript {
    /// One display row.
    public struct Row: Hashable, Sendable {
        public var spans: [Span]
        public var alignRight: Bool
        /// A row of the selected message (drawn highlighted, kept in view).
        public var isSelected = false
        /// The message the row belongs to (nil: a separator, the header), for a click.
        public var message: MessageID?
        /// The row is line `line` of a picture whose cells start at span `span`: when all its
        /// lines are on screen the pane reserves those cells and places the picture there.
        public var graphic: GraphicLine?

        /// Columns the row's spans take.
        public var width: Int {
            spans.reduce(0) { $0 + $1.width }
        }

        /// This row with `spans` put before its own (a nickname, an indent).
        func prefixed(_ spans: [Span]) -> Row {
            var row = self
            row.spans = spans + self.spans
            row.graphic?.span += spans.count
            return row
        }
    }

    /// One line of a picture drawn in a graphics protocol.
    public struct GraphicLine: Hashable, Sendable {
        public var graphic: TerminalGraphic
        public var line: Int
        /// Index of the first span of the picture's cells in the row.
        public var span: Int
    }

    public var strings: UIStrings
    public var text: OutsideText
    /// Which wall clock times and day separators follow.
    public var zone: LocalTime.Zone
    /// How times are written (the config file's `time_format`), in `zone`.
    public var times: TimeFormat
    /// Rows already laid out, kept across frames by the app (nil: lay out every time).
    public var cache: Cache?
    /// The message picked for `/report` and `/block`.
    public var selected: MessageID?
    /// The first message the viewer had not read when the chat opened: the "new messages" line
    /// goes above it.
    public var firstUnread: MessageID?
    /// The number `/open` gives the last link of the message being laid out (its earlier links
    /// count up from it); 0 while laying out a message without links.
    var newestLinkNumber = 0

    /// A message's rows per width, so a frame does not wrap every message again.
    ///
    /// Found by the message's id and kept only while the line is equal to the one they were made
    /// for (an edit, a reaction or a delivery makes them again). Hashing the whole line for the
    /// key cost more than the wrapping it saved: every frame hashed each line's text again.
    public final class Cache {
        private struct Key: Hashable {
            let id: MessageID
            let width: Int
            let linkNumber: Int
        }

        private var rows: [Key: (line: ChatLine, rows: [Row])] = [:]
        private var linkCounts: [MessageID: (line: ChatLine, count: Int)] = [:]
        /// Entries kept before the cache starts afresh (a long session scrolls through many).
        let limit = 4000

        public init() {}

        func rows(for line: ChatLine, width: Int, linkNumber: Int, make: () -> [Row]) -> [Row] {
            let key = Key(id: line.id, width: width, linkNumber: linkNumber)
            if let cached = rows[key], cached.line == line { return cached.rows }
            if rows.count >= limit { rows.removeAll(keepingCapacity: true) }
            let made = make()
            rows[key] = (line, made)
            return made
        }

        /// How many links `line` has (`LinkOpener.links`), found once per message (and again
        /// when the line changed, as its rows are).
        func linkCount(of line: ChatLine) -> Int {
            if let cached = linkCounts[line.id], cached.line == line { return cached.count }
            if linkCounts.count >= limit { linkCounts.removeAll(keepingCapacity: true) }
            let count = LinkOpener.links(of: line.message).count
            linkCounts[line.id] = (line, count)
            return count
        }
    }

    /// Characters of one message shown at most; the rest is cut with a note (a hostile 1 MiB
    /// message must not take seconds to lay out).
    public static let characterLimit = 16_384
    /// Lines of one message shown at most.
    public static let lineLimit = 300

    /// Where image messages get their previews; nil shows images as their name and size only.
    public var previews: ImagePreviews?

    public init(strings: UIStrings, text: OutsideText, zone: LocalTime.Zone = .system, cache: Cache? = nil, previews: ImagePreviews? = nil,
                times: TimeFormat = TimeFormat()) {
        self.times = TimeFormat(pattern: times.pattern, zone: zone)
        self.strings = strings
        self.text = text
        self.zone = zone
        self.cache = cache
        self.previews = previews
    }

    /// Every row of `lines` (oldest first) at `width` columns.
    public func rows(for lines: [ChatLine], width: Int) -> [Row] {
        tailRows(for: lines, width: width, minimum: .max).rows
    }

    /// The newest rows of `lines`, laid out, and where some of them are.
    public struct Tail {
        public var rows: [Row]
        /// The rows reach back to the oldest line.
        public var complete: Bool
        /// The index after the anchor's last row (nil: no anchor, or not among the lines).
        public var anchorEnd: Int?
        /// The first row of each line after the anchor (its day separator included).
        public var startsAfterAnchor: [Int] = []
        /// The "new messages" row, if laid out.
        public var unreadRow: Int?

        /// These rows after `row` (the chat's first row), positions moved along.
        func prepending(_ row: Row) -> Tail {
            var tail = self
            tail.rows.insert(row, at: 0)
            tail.anchorEnd = anchorEnd.map { $0 + 1 }
            tail.startsAfterAnchor = startsAfterAnchor.map { $0 + 1 }
            tail.unreadRow = unreadRow.map { $0 + 1 }
            return tail
        }
    }

    /// The newest rows of `lines`: every row after `anchor` (when given and present), then at
    /// least `minimum` more counted from the anchor (from the newest row without one), and
    /// always down to the selected message. Only those messages are laid out, so a frame of a
    /// chat thousands of messages long (after a burst, or deep paging) costs no more than one of
    /// a short chat.
    public func tailRows(for lines: [ChatLine], width: Int, minimum: Int, anchor: MessageID? = nil) -> Tail {
        var chunks: [[Row]] = []
        var count = 0
        var index = lines.count - 1
        var needsSelected = selected.map { id in lines.contains { $0.id == id } } ?? false
        let anchorIndex = anchor.flatMap { id in lines.lastIndex { $0.id == id } }
        var unreadChunk: (chunk: Int, row: Int)?
        var day = index >= 0 ? self.day(of: lines[index]) : nil
        var run: ClosedRange<Int>?
        var linksBelow = 0  // links are numbered from the newest, as `/open` counts them
        while index >= 0, count < minimum || needsSelected || index >= (anchorIndex ?? lines.count) {
            let line = lines[index]
            let links = cache?.linkCount(of: line) ?? LinkOpener.links(of: line.message).count
            let number = links > 0 ? linksBelow + 1 : 0
            linksBelow += links
            if run.map({ !$0.contains(index) }) ?? true { run = collapsedRun(endingAt: index, in: lines) }
            var chunk = run.map { index == $0.lowerBound ? collapsedRows(lines[$0], width: width) : [] } ?? rows(for: line, width: width, linkNumber: number)
            if line.id == firstUnread {
                chunk.insert(unreadMarker(width: width), at: 0)
                unreadChunk = (chunks.count, 0)
            }
            let previousDay = index > 0 ? self.day(of: lines[index - 1]) : nil
            if day != previousDay {
                chunk.insert(separator(for: line.message.sentAt, width: width), at: 0)
                if unreadChunk?.chunk == chunks.count { unreadChunk?.row = 1 }
            }
            if line.id == selected { needsSelected = false }
            chunks.append(chunk)
            if index <= (anchorIndex ?? lines.count) { count += chunk.count }
            day = previousDay
            index -= 1
        }
        return tail(chunks, complete: index < 0, anchorChunks: anchorIndex.map { lines.count - $0 }, unread: unreadChunk)
    }

    /// Chunks (newest first) joined oldest first, with the positions `Tail` reports.
    private func tail(_ chunks: [[Row]], complete: Bool, anchorChunks: Int?, unread: (chunk: Int, row: Int)?) -> Tail {
        var starts: [Int] = []
        var start = 0
        for chunk in chunks.reversed() {
            starts.append(start)
            start += chunk.count
        }
        starts.reverse()  // starts[i] is where chunk i (newest first) begins
        var result = Tail(rows: Array(chunks.reversed().joined()), complete: complete)
        if let anchorChunks, anchorChunks <= chunks.count {
            result.anchorEnd = anchorChunks > 1 ? starts[anchorChunks - 2] : start
            result.startsAfterAnchor = starts.prefix(anchorChunks - 1).reversed()
        }
        if let unread { result.unreadRow = starts[unread.chunk] + unread.row }
        return result
    }

    /// `──── new messages ────`, centred, above the first unread message.
    func unreadMarker(width: Int) -> Row {
        let label = " " + strings.newMessagesLine + " "
        let side = max(0, (width - TextLayout.width(TextLayout.glyphs(label))) / 2)
        let rule = String(repeating: "─", count: side)
        return Row(spans: [Span(rule + label + rule, Style(.accent))], alignRight: false)
    }

    func day(of line: ChatLine) -> Int {
        LocalTime(line.message.sentAt, zone: zone).dayNumber
    }

    /// One message's rows, from the cache when it has them.
    func rows(for line: ChatLine, width: Int, linkNumber: Int) -> [Row] {
        var numbered = self
        numbered.newestLinkNumber = linkNumber
        let make = {
            if case .roomChange = line.message.content { return numbered.roomChangeRows(line.message, width: width) }
            return line.isMine ? numbered.mine(line.message, width: width) : numbered.theirs(line.message, width: width)
        }
        // An image's rows change as its preview arrives; ImagePreviews caches those instead.
        var made: [Row]
        if Self.hasPreview(line.message.content) {
            made = make()
        } else {
            made = cache?.rows(for: line, width: width, linkNumber: linkNumber, make: make) ?? make()
        }
        let picked = line.id == selected
        for index in made.indices {
            made[index].message = line.id
            made[index].isSelected = picked
        }
        return made
    }

    /// `──── 2026-12-02 ────`, centred.
    func separator(for date: Date, width: Int) -> Row {
        let label = " " + LocalTime(date, zone: zone).dateText + " "
        let side = max(0, (width - label.count) / 2)
        let rule = String(repeating: "─", count: side)
        return Row(spans: [Span(rule + label + rule, Style(.muted))], alignRight: false)
    }

    func time(_ date: Date) -> String {
        times.time(date)
    }

    /// A list's label for a message sent at `date`: its time today, its date before.
    func listTime(_ date: Date) -> String {
        times.listLabel(date)
    }

    /// After the nickname: nothing for a verified device (or an unencrypted message), a muted `?`
    /// for a device never verified, and a visible warning when its keys changed since.
    func trustMark(_ trust: SenderTrust?) -> [Span] {
        switch trust {
        case .unverified: return [Span(strings.unverifiedMark, Style(.muted))]
        case .changed: return [Span(" " + strings.keysChangedMark, Style(.error, on: nil, .bold))]
        case .verified, nil: return []
        }
    }

    /// `12:03 mina  hello there …` with later lines hanging under the text.
    func theirs(_ message: Message, width: Int) -> [Row] {
        // The header keeps its glyphs as the body does: drawing the row cuts nothing again.
        let nickname = TextLayout.truncate(TextLayout.glyphs(text.line(message.senderNickname)), to: 16)
        let header = [Span(glyphs: TextLayout.glyphs(time(message.sentAt) + " "), Style(.muted)),
                      Span(glyphs: nickname, Style(.nickname, on: nil, .bold))] + trustMark(message.senderTrust)
        let indent = header.reduce(0) { $0 + $1.width } + 2
        let hanging = indent <= width / 2 ? indent : 6
        let bodyWidth = max(width - hanging, 4)
        let body = wrapped(message, width: bodyWidth)
        let pad = Span(glyphs: Array(repeating: .space, count: hanging))
        var rows: [Row] = []
        if hanging == indent {
            rows.append(body[0].prefixed(header + [Span(glyphs: [.space, .space])]))
            rows += body.dropFirst().map { $0.prefixed([pad]) }
        } else {
            rows.append(Row(spans: header, alignRight: false))
            rows += body.map { $0.prefixed([pad]) }
        }
        return rows
    }

    /// My message: text aligned right in my colour, the time after its last line.
    func mine(_ message: Message, width: Int) -> [Row] {
        let stamp = " " + time(message.sentAt)
        let bodyWidth = max(width * 3 / 4, min(width - 6, 4))
        var rows = wrapped(message, width: bodyWidth, style: Style(.own)).map { row in
            var mine = row
            mine.alignRight = true
            return mine
        }
        let last = rows.count - 1
        // A preview's rows share one right edge: the time goes below it, not on its last row.
        if !Self.hasPreview(message.content), rows[last].width + stamp.count <= width {
            rows[last].spans.append(Span(stamp, Style(.muted)))
        } else {
            rows.append(Row(spans: [Span(stamp, Style(.muted))], alignRight: true))
        }
        return rows
    }

    /// The message's rows (text made inert and filtered, wrapped to `width`, with its relations),
    /// plus its delivery state.
    func wrapped(_ message: Message, width: Int, style: Style = Style(.text)) -> [Row] {
        var rows = messageRows(message, width: width, style: style)
        switch message.delivery {
        case .delivered: break
        case .pending: rows.append(Row(spans: [Span(strings.sending, Style(.muted))], alignRight: false))
        case .failed(let reason):
            rows += TextLayout.wrappedLines(strings.failed(text.line(reason)), width: width)
                .map { Row(spans: [Span($0, Style(.error))], alignRight: false) }
        }
        return rows
    }

    /// The body made inert and filtered, cut to the limits with a note saying so; a body the
    /// backend read only the start of (`omittedBytes`) says how much more there is.
    func shownBody(_ body: String, omittedBytes: Int = 0) -> String {
        // A body with fewer bytes than the character limit, or fewer line feeds than the line
        // limit (nearly every one), is not counted in characters or split into lines: that was a
        // tenth of a live message's layout.
        let utf8 = body.utf8
        var shown = utf8.count > Self.characterLimit && body.count > Self.characterLimit ? String(body.prefix(Self.characterLimit)) : body
        var cut = shown.utf8.count < utf8.count
        let lineFeeds = shown.utf8.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
        let lines = lineFeeds < Self.lineLimit ? [] : shown.split(separator: "\n", maxSplits: Self.lineLimit, omittingEmptySubsequences: false)
        if lines.count > Self.lineLimit {
            shown = lines.prefix(Self.lineLimit).joined(separator: "\n")
            cut = true
        }
        if omittedBytes > 0 {
            let hidden = omittedBytes + body.utf8.count - shown.utf8.count
            return text.body(shown) + "\n" + strings.messageMore(kilobytes: ReadingCap.kilobytes(hidden))
        }
        return text.body(shown) + (cut ? "\n" + strings.messageCut : "")
    }
}
