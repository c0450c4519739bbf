import ChatCore

/// Scrolling the open chat. The position is kept by message (`ChatScroll`), so messages arriving
/// below never move the rows the user scrolled back to; each move starts from what the last frame
/// showed (`shown`).
extension ChatController {
    /// `rows` up (positive) or down. Back at the bottom, the chat follows the newest again.
    func scroll(by rows: Int) {
        let report = shown
        let current: (rows: Int, anchor: MessageID?)
        if case .back(let back, let anchor?) = scroll, report.newest != nil {
            current = (back, anchor)
        } else {
            current = (report.scroll, report.newest)
        }
        let below = current.anchor == report.newest ? 0 : report.belowAnchor
        let target = min(current.rows + rows, report.maxScroll - below)
        scroll = target + below <= 0 ? .newest : .back(rows: target, anchor: current.anchor)
    }

    /// End, or G in selection mode: the newest message, followed from then on.
    /// In selection mode the newest message is picked.
    func scrollToNewest() {
        scroll = .newest
        if focus == .selecting { shownList?.selectEnd(newest: true) }
    }

    /// Home: the oldest message, older pages loaded while the view stays at the top. In selection
    /// mode the oldest loaded message is picked.
    func scrollToOldest() {
        scroll = .oldest
        if focus == .selecting { shownList?.selectEnd(newest: false) }
    }
}
