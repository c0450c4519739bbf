import ChatCore

/// Reporting, blocking, resending and discarding from a thread's view, with the chat's keys and
/// rules: the picked line, reported or blocked through the session's `SafetyModel`; my unsent
/// reply (`MessageActions.unsentLine`) sent again or dropped.
extension ThreadModel {
    @discardableResult
    public func reportSelected(reason: String) async -> Bool {
        await safety.report(picked: selectedLine, reason: reason)
    }

    @discardableResult
    public func blockSelectedSender() async -> Bool {
        await safety.blockSender(ofPicked: selectedLine)
    }

    /// Sends my unsent reply again with its saved transaction id; its line follows the service's
    /// update events. A second refusal is the thread's alert and leaves it failed.
    @discardableResult
    public func retryUnsent() async -> Bool {
        settle(await actions.retry(unsentLine()))
    }

    /// Drops my unsent reply: it is never sent and leaves the thread at once.
    @discardableResult
    public func discardUnsent() async -> Bool {
        let line = unsentLine()
        guard settle(await actions.discard(line)), let line else { return false }
        if replies.remove(line.id) { publish() }
        return true
    }

    private func unsentLine() -> ChatLine? {
        MessageActions.unsentLine(picked: selectedLine, in: shownLines)
    }
}
