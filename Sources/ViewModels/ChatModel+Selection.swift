import ChatCore

/// The message a report, a block or an attachment action acts on: picked with ↑/↓ in the
/// transcript, dropped when its line goes.
extension ChatModel {
    /// The selected line, if it is still shown.
    public var selectedLine: ChatLine? { selection.flatMap(timeline.line) }

    /// The lines selection mode moves through: what people wrote. Room changes (joins, renames)
    /// are nothing to reply to, react to or report.
    private var pickable: [ChatLine] { timeline.lines.filter { !$0.message.content.isRoomChange } }

    /// Selects the line before the selected one (from nothing: the newest). Up in the transcript.
    public func selectOlder() {
        let lines = pickable
        guard !lines.isEmpty else { return }
        let index = selection.flatMap { id in lines.firstIndex { $0.id == id } }.map { max($0 - 1, 0) } ?? lines.count - 1
        select(lines[index].id)
    }

    /// Selects the line after the selected one; past the newest, nothing is selected.
    public func selectNewer() {
        let lines = pickable
        guard let current = selection.flatMap({ id in lines.firstIndex { $0.id == id } }) else { return }
        select(current + 1 < lines.count ? lines[current + 1].id : nil)
    }

    /// Selects the newest (G, End) or the oldest loaded (Home) line selection mode moves through.
    public func selectEnd(newest: Bool) {
        let lines = pickable
        if let line = newest ? lines.last : lines.first { select(line.id) }
    }

    /// Selects a line by id (nil clears the selection).
    public func select(_ id: MessageID?) {
        let id = id.flatMap { timeline.line($0)?.id }
        guard id != selection else { return }
        selection = id
        changes.publish()
    }
}
