import ChatCore

/// Scrolling the open chat. The position is kept by message (`ChatScroll`), so messages arriving
/// below never move the rows the user scrolled back to; each move starts from what the last frame
/// showed (`lastFrame.chat`).
extension TerminalApp {
    /// `rows` up (positive) or down. Back at the bottom, the chat follows the newest again.
    func scrollChat(by rows: Int) {
        let report = lastFrame.chat
        let current: (rows: Int, anchor: MessageID?)
        if case .back(let back, let anchor?) = ui.chatScroll, report.newest != nil {
            current = (back, anchor)
        } else {
            current = (report.scroll, report.newest)
        }
        let below = current.anchor == report.newest ? 0 : report.belowAnchor
        let target = min(current.rows + rows, report.maxScroll - below)
        ui.chatScroll = target + below <= 0 ? .newest : .back(rows: target, anchor: current.anchor)
    }

    /// End, or G in selection mode: the newest message, followed from then on.
    /// In selection mode the newest message is picked.
    func scrollToNewest() {
        ui.chatScroll = .newest
        if ui.focus == .selecting, let newest = chat?.messages.value?.last { chat?.select(newest.id) }
    }

    /// Home: the oldest message, older pages loaded while the view stays at the top. In selection
    /// mode the oldest loaded message is picked.
    func scrollToOldest() {
        ui.chatScroll = .oldest
        if ui.focus == .selecting, let oldest = chat?.messages.value?.first { chat?.select(oldest.id) }
    }

    /// A chat opened at its "new messages" line whose newest message was on screen as well
    /// follows the newest from then on; one whose unread did not fit stays at the line.
    func settleUnreadPosition() {
        guard ui.chatScroll == .firstUnread, case .loaded = chat?.messages, lastFrame.chat.scroll == 0 else { return }
        ui.chatScroll = .newest
        markDirty()
    }
}
