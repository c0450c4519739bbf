import ChatCore

/// Jumping to a message found by search: older pages load until it is among the lines, then it
/// is picked, so the chat shows it in selection mode.
extension ChatModel {
    /// How many older pages a jump reads at most (50 messages each) before it gives up.
    static let revealPageLimit = 40

    /// Loads older pages until `id` is loaded, then selects it. False when it is not within
    /// `revealPageLimit` pages (deleted, blocked, or very old).
    @discardableResult
    public func reveal(_ id: MessageID) async -> Bool {
        for _ in 0...Self.revealPageLimit {
            if timeline.line(id) != nil {
                select(id)
                return true
            }
            guard case .haveMore = paging else { return false }
            await topBecameVisible()
        }
        return false
    }
}
