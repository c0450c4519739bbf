import ChatCore
import ViewModels

/// The channel list: one row per channel with its unread badge (`CountBadge.label`), the
/// "current region" tag in the accent on the pinned row, spaces as headings over their indented
/// rooms, and the selection.
public struct ChannelListPane {
    public var rows: Loadable<[ChannelRow]>
    public var selected: Int
    public var focused: Bool
    /// "Set your nickname first." for a nameless member.
    public var banner: String?
    public var strings: UIStrings
    public var text: OutsideText

    public init(rows: Loadable<[ChannelRow]>, selected: Int, focused: Bool, banner: String?, strings: UIStrings, text: OutsideText) {
        self.rows = rows
        self.selected = selected
        self.focused = focused
        self.banner = banner
        self.strings = strings
        self.text = text
    }

    /// What drawing showed: rows whose badge is still loading ask for their own count, and the
    /// last row drawn tells the list model when to fetch its next page.
    public struct Report: Hashable, Sendable {
        public var loadingBadges: [ChannelID] = []
        public var lastShownIndex: Int?
        /// The channel drawn on each screen row, and the columns the list takes (for a click).
        public var rowChannels: [Int: ChannelID] = [:]
        public var columns: Range<Int> = 0..<0
    }

    /// Where the rows go: below the title, and below the banner when there is one.
    private func body(of region: Region) -> Region {
        banner == nil ? region.inset(top: 1) : region.inset(top: 2)
    }

    @discardableResult
    public func draw(on canvas: inout Canvas, in region: Region) -> Report {
        canvas.clear(region)
        let titleStyle = focused ? Style(.accent, on: nil, .bold) : Style(.text, on: nil, .bold)
        canvas.draw(strings.shared.tabTitle(.channels), style: titleStyle, row: 0, column: 1, in: region)
        let body = body(of: region)
        if let banner {
            canvas.draw(text.line(banner), style: Style(.error, on: nil, .bold), row: 0, column: 1, in: region.inset(top: 1))
        }
        switch rows {
        case .loading:
            canvas.draw(strings.shared.loading, style: Style(.muted), row: 0, column: 1, in: body)
            return Report()
        case .failed(let reason):
            canvas.drawWrapped(text.line(reason), style: Style(.error), in: body.inset(left: 1))
            return Report()
        case .loaded(let rows):
            return draw(rows, on: &canvas, in: body)
        }
    }

    /// The rows of `channels` on screen, each with the line it is drawn on and whether it is the
    /// highlighted one, as `draw` lays them out.
    func rowLines(of channels: Set<ChannelID>, in region: Region) -> [(row: ChannelRow, line: Region, isSelected: Bool)] {
        guard case .loaded(let rows) = rows else { return [] }
        let body = body(of: region)
        let first = ListScroll.offset(selected: selected, count: rows.count, height: body.height)
        return rows.dropFirst(first).prefix(body.height).enumerated().compactMap { offset, row in
            channels.contains(row.id) ? (row, body.rows(offset, count: 1), first + offset == selected) : nil
        }
    }

    /// Draws only the rows of `channels` over the list's last frame (their badges changed).
    func drawRows(of channels: Set<ChannelID>, on canvas: inout Canvas, in region: Region) {
        for (row, line, isSelected) in rowLines(of: channels, in: region) { drawRow(row, isSelected: isSelected, on: &canvas, in: line) }
    }

    private func draw(_ rows: [ChannelRow], on canvas: inout Canvas, in body: Region) -> Report {
        var report = Report()
        report.columns = body.frame.column..<body.frame.maxColumn
        let first = ListScroll.offset(selected: selected, count: rows.count, height: body.height)
        for (offset, row) in rows.dropFirst(first).prefix(body.height).enumerated() {
            if row.badge == .loading { report.loadingBadges.append(row.id) }
            report.rowChannels[body.absolute(Point(row: offset, column: 0)).row] = row.id
            drawRow(row, isSelected: first + offset == selected, on: &canvas, in: body.rows(offset, count: 1))
            report.lastShownIndex = first + offset
        }
        return report
    }

    private func drawRow(_ row: ChannelRow, isSelected: Bool, on canvas: inout Canvas, in line: Region) {
        let base = isSelected ? Style(.text, on: .selection, focused ? .bold : []) : Style(.text)
        canvas.clear(line, style: base)
        canvas.draw(isSelected ? "▸" : " ", style: isSelected ? Style(.accent, on: .selection) : base, row: 0, in: line)
        var right = line.width
        if let label = row.badge.label {
            let badge = " \(label) "
            right -= TextLayout.width(TextLayout.glyphs(badge)) + 1
            let style = row.badge == .error ? Style(.error, on: nil, .reverse) : Style(.badge, on: nil, .reverse)
            canvas.draw(badge, style: style, row: 0, column: max(right, 1), in: line)
        }
        // A space is a heading (▾, bold) and the rooms it groups are indented under it, as
        // WeeChat's buflist indents a server's channels: the rooms stay one list to move through.
        // In a narrow pane the indent takes at most half the room a name has.
        let indent = min(2 * row.depth, max(right - 3, 0) / 2)
        var nameArea = line.subregion(Rect(row: 0, column: 2 + indent, width: max(right - 3 - indent, 0), height: 1))
        if row.channel.isSpace {
            canvas.draw("▾ " + text.line(row.name), style: Style(.text, on: isSelected ? .selection : nil, .bold), row: 0, in: nameArea)
        } else if row.isCurrentRegion {
            let tag = " " + strings.shared.currentRegion
            let tagWidth = TextLayout.width(TextLayout.glyphs(tag))
            let name = text.line(row.name)
            let nameWidth = min(TextLayout.width(TextLayout.glyphs(name)), max(nameArea.width - tagWidth, nameArea.width / 2))
            canvas.draw(name, style: base, row: 0, in: nameArea.subregion(Rect(row: 0, column: 0, width: nameWidth, height: 1)))
            nameArea = nameArea.subregion(Rect(row: 0, column: nameWidth, width: nameArea.width - nameWidth, height: 1))
            canvas.draw(tag, style: Style(.accent, on: isSelected ? .selection : nil, .bold), row: 0, in: nameArea)
        } else {
            canvas.draw(text.line(row.name), style: base, row: 0, in: nameArea)
        }
    }
}
