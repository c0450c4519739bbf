import ChatCore

/// Reporting and blocking from a chat: the selected message, its sender, or the person talked to.
/// The work and the confirmation are the session's `SafetyModel`; what a block hides disappears
/// when every screen re-reads on `blocksChanged`.
extension ChatModel {
    /// `/report REASON` (or the report key) on the selected message.
    @discardableResult
    public func reportSelected(reason: String) async -> Bool {
        await safety.report(picked: selectedLine, reason: reason)
    }

    /// Blocks whoever wrote the selected message.
    @discardableResult
    public func blockSelectedSender() async -> Bool {
        await safety.blockSender(ofPicked: selectedLine)
    }

    /// In a conversation: blocks the other person (the chat's profile).
    @discardableResult
    public func blockPerson() async -> Bool {
        guard case .person(let other, _) = subject else { return await blockSelectedSender() }
        return await safety.block(other)
    }
}
