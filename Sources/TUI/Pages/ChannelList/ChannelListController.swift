import ChatCore
import ViewModels

/// The Channels tab: the list alone, or beside the open chat. Owns the highlighted row, the
/// badges already asked for, and whether the list's badges are kept live beside a chat.
///
/// Beside a chat and without the keys, the list highlights the channel open, however it was
/// opened; with the keys (Tab), the row the user moves to.
@MainActor
final class ChannelListController: OpeningListController {
    let model: ChannelListModel
    private let strings: UIStrings
    private let text: OutsideText
    /// Shows a failure to open the channel (the router's alert).
    private let report: @MainActor (GateOutcome) -> Void
    var selected = ListSelection()
    private var askedBadges: Set<ChannelID> = []
    private var liveBesideChat = false

    init(model: ChannelListModel, strings: UIStrings, text: OutsideText, report: @escaping @MainActor (GateOutcome) -> Void) {
        self.model = model
        self.strings = strings
        self.text = text
        self.report = report
    }

    var keyContext: KeyContext { .browsing }

    private var rows: [ChannelRow] { model.rows.value ?? [] }
    var rowCount: Int { rows.count }

    func rowID(at index: Int) -> AnyHashable { AnyHashable(rows[index].id) }

    func openHighlighted() async {
        report(await model.open(rows[highlightedRow]))
    }

    /// The row of `channel`, if the list has it.
    func index(of channel: ChannelID) -> Int? {
        rows.firstIndex { $0.id == channel }
    }

    /// Moves the highlight to `channel` (the chat just opened, or the list just took the keys).
    func highlight(_ channel: ChannelID?) {
        if let channel, let index = index(of: channel) { selected.select(index, count: rowCount, id: rowID) }
    }

    /// The list alone, with the keys.
    func draw(into canvas: inout Canvas, in region: Region) -> FrameReport {
        drawList(into: &canvas, in: region, focused: true, open: nil)
    }

    /// The list beside a chat: `open` (the chat's channel) is highlighted unless `focused`.
    func drawList(into canvas: inout Canvas, in region: Region, focused: Bool, open: ChannelID?) -> FrameReport {
        return FrameReport(list: pane(focused: focused, open: open).draw(on: &canvas, in: region), listRegion: region)
    }

    /// The rows of `channels` that the list drawn in `region` shows, as `drawList` draws them.
    func rowRects(of channels: Set<ChannelID>, in region: Region, focused: Bool, open: ChannelID?) -> [Rect] {
        pane(focused: focused, open: open).rowLines(of: channels, in: region).map(\.line.frame)
    }

    /// Draws only the rows of `channels` (their badges changed) over the list's last frame.
    func drawRows(of channels: Set<ChannelID>, into canvas: inout Canvas, in region: Region, focused: Bool, open: ChannelID?) {
        pane(focused: focused, open: open).drawRows(of: channels, on: &canvas, in: region)
    }

    private func pane(focused: Bool, open: ChannelID?) -> ChannelListPane {
        let highlighted = focused ? nil : open.flatMap(index(of:))
        return ChannelListPane(rows: model.rows, selected: highlighted ?? highlightedRow,
                               focused: focused, banner: model.banner, strings: strings, text: text)
    }

    /// Beside the list, before a chat is open: the highlighted channel's name and topic.
    func drawPreview(into canvas: inout Canvas, in region: Region) {
        canvas.clear(region)
        let region = region.inset(left: 2, right: 1)
        var row = 1
        let rows = rows
        if !rows.isEmpty {
            let channel = rows[highlightedRow].channel
            canvas.draw("# " + text.line(channel.name), style: Style(.accent, on: nil, .bold), row: row, in: region)
            row += 1
            if !channel.topic.isEmpty {
                row += canvas.drawWrapped(text.line(channel.topic), style: Style(.text), row: row, in: region)
            }
            row += 1
        }
        canvas.drawWrapped(strings.pickChannel, style: Style(.muted), row: row, in: region)
    }

    /// A badge still loading asks for its count (once); rows near the end of what is loaded ask
    /// for the next page.
    func afterFrame(_ report: FrameReport) {
        guard let list = report.list else { return }
        let wanted = list.loadingBadges.filter { !askedBadges.contains($0) }
        if !wanted.isEmpty {
            askedBadges.formUnion(wanted)
            let model = model
            Task { for id in wanted { await model.rowWillShow(id) } }
        }
        if let last = list.lastShownIndex { model.rowsShown(through: last) }
    }

    /// Keeps the badges live while the list is drawn beside an open chat; `shownAlone` (the
    /// Channels page is on top) keeps the list's own subscription when the chat closes.
    func keepLive(besideChat: Bool, shownAlone: Bool) {
        guard besideChat != liveBesideChat else { return }
        liveBesideChat = besideChat
        if besideChat || !shownAlone { model.setShownBesideChat(besideChat) }
    }
}
