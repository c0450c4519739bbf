import ChatCore

/// The message a report, a block or an attachment action acts on: picked with ↑/↓ in the
/// transcript (`LineSelection`), dropped when its line goes.
extension ChatModel {
    /// The selected line, if it is still shown.
    public var selectedLine: ChatLine? { selection.flatMap(timeline.line) }

    /// Selects the line before the selected one (from nothing: the newest). Up in the transcript.
    public func selectOlder() {
        if let older = LineSelection.older(than: selection, in: timeline.lines) { select(older) }
    }

    /// Selects the line after the selected one; past the newest, nothing is selected.
    public func selectNewer() {
        guard selection != nil else { return }
        select(LineSelection.newer(than: selection, in: timeline.lines))
    }

    /// Selects the newest (G, End) or the oldest loaded (Home) line selection mode moves through.
    public func selectEnd(newest: Bool) {
        if let line = LineSelection.end(newest: newest, in: timeline.lines) { select(line) }
    }

    /// Selects a line by id (nil clears the selection).
    public func select(_ id: MessageID?) {
        let id = id.flatMap { timeline.line($0)?.id }
        guard id != selection else { return }
        selection = id
        changes.publish()
    }
}
