import ViewModels

/// Discover: the most active channels of the last day, each with its latest message.
public struct DiscoverPane {
    public var rows: Loadable<[DiscoverRow]>
    public var selected: Int
    public var strings: UIStrings
    public var text: OutsideText

    public init(rows: Loadable<[DiscoverRow]>, selected: Int, strings: UIStrings, text: OutsideText) {
        self.rows = rows
        self.selected = selected
        self.strings = strings
        self.text = text
    }

    /// Draws the tab; returns the index of the channel drawn on each screen row (two rows each),
    /// so that a click opens what is under it.
    @discardableResult
    public func draw(on canvas: inout Canvas, in region: Region) -> [Int: Int] {
        canvas.clear(region)
        canvas.draw(strings.shared.tabTitle(.discover), style: Style(.accent, on: nil, .bold), row: 0, column: 1, in: region)
        let body = region.inset(top: 1)
        switch rows {
        case .loading:
            canvas.draw(strings.shared.loading, style: Style(.muted), row: 0, column: 1, in: body)
        case .failed(let reason):
            canvas.drawWrapped(text.line(reason), style: Style(.error), in: body.inset(left: 1))
        case .loaded(let rows) where rows.isEmpty:
            canvas.draw(strings.shared.noActivity, style: Style(.muted), row: 0, column: 1, in: body)
        case .loaded(let rows):
            let perRow = 2
            let visible = max(body.height / perRow, 1)
            let first = ListScroll.offset(selected: selected, count: rows.count, height: visible)
            var targets: [Int: Int] = [:]
            for (offset, row) in rows.dropFirst(first).prefix(visible).enumerated() {
                let area = body.rows(offset * perRow, count: perRow)
                drawRow(row, isSelected: first + offset == selected, on: &canvas, in: area)
                for line in 0..<area.height { targets[area.absolute(Point(row: line, column: 0)).row] = first + offset }
            }
            return targets
        }
        return [:]
    }

    private func drawRow(_ row: DiscoverRow, isSelected: Bool, on canvas: inout Canvas, in area: Region) {
        let base = isSelected ? Style(.text, on: .selection, .bold) : Style(.text, on: nil, .bold)
        canvas.clear(area.rows(0, count: 1), style: base)
        canvas.draw(isSelected ? "▸" : " ", style: Style(.accent, on: isSelected ? .selection : nil), row: 0, in: area)
        let count = strings.messagesToday(row.messageCount)
        let countWidth = TextLayout.width(TextLayout.glyphs(count))
        let nameArea = area.subregion(Rect(row: 0, column: 2, width: area.width - countWidth - 4, height: 1))
        canvas.draw(text.line(row.channel.name), style: base, row: 0, in: nameArea)
        canvas.draw(count, style: Style(.badge, on: isSelected ? .selection : nil), row: 0, column: max(area.width - countWidth - 1, 2), in: area)
        if let latest = row.latest {
            let preview = [Span(text.line(latest.senderNickname) + ": ", Style(.nickname)), Span(text.line(latest.content.summary), Style(.muted))]
            canvas.draw(preview, row: 1, column: 4, in: area)
        }
    }
}
