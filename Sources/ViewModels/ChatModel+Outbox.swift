import ChatCore

/// A message of mine that did not go out (refused for good, or still pending): send it again
/// with its saved transaction id, or drop it. Acts on the selected message, else on the newest
/// failed one of mine, so the key works right after the failure shows.
extension ChatModel {
    /// Sends the unsent message again. A second refusal shows its reason as an alert and leaves
    /// the message failed; the line's state follows the service's update events.
    @discardableResult
    public func retryUnsent() async -> Bool {
        settle(await actions.retry(unsentLine()))
    }

    /// Drops the unsent message: it is never sent and leaves the chat at once.
    @discardableResult
    public func discardUnsent() async -> Bool {
        let line = unsentLine()
        guard settle(await actions.discard(line)), let line else { return false }
        dropLine(line.id)
        return true
    }

    private func unsentLine() -> ChatLine? {
        MessageActions.unsentLine(picked: selectedLine, in: messages.value ?? [])
    }
}
