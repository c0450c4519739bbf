/// A list to read over everything (a moderator's reports or sanctions, `/names`): a title, one
/// row per entry, and how to close it. When the entries do not fit, the newest (the last) are
/// shown and the first row says how many earlier ones are left out — or, for a list in name
/// order (`keepsFirst`), the first are shown and the last row counts the rest.
public struct ListingPane {
    public var title: String
    public var lines: [String]
    public var strings: UIStrings
    public var text: OutsideText
    public var keepsFirst: Bool

    public init(title: String, lines: [String], strings: UIStrings, text: OutsideText, keepsFirst: Bool = false) {
        self.title = title
        self.lines = lines
        self.strings = strings
        self.text = text
        self.keepsFirst = keepsFirst
    }

    public func draw(on canvas: inout Canvas, in region: Region) {
        let width = min(96, region.width)
        let room = max(region.height - 5, 1)
        let wanted = max(lines.count, 1)
        let inner = Box(title: text.line(title), width: width, height: min(wanted, room) + 4).draw(on: &canvas, in: region)
        let rows = max(inner.height - 2, 1)
        var shown = lines.map(text.line)
        if shown.isEmpty {
            shown = [strings.nothingListed]
        } else if shown.count > rows, keepsFirst {
            let kept = Array(shown.prefix(rows - 1))
            shown = kept + [strings.moreLeftOut(shown.count - kept.count)]
        } else if shown.count > rows {
            let kept = Array(shown.suffix(rows - 1))
            shown = [strings.earlierLeftOut(shown.count - kept.count)] + kept
        }
        let countRow = lines.count > rows ? (keepsFirst ? shown.count - 1 : 0) : -1
        for (index, line) in shown.enumerated() {
            canvas.draw(line, style: index == countRow ? Style(.muted) : .plain, row: index, in: inner)
        }
        canvas.draw(strings.alertDismiss, style: Style(.muted), row: inner.height - 1, column: inner.centred(strings.alertDismiss), in: inner)
    }
}

/// A list the modal layer shows until Enter or Esc.
struct Listing: Hashable {
    var title: String
    var lines: [String]
    var keepsFirst = false
}
