import ChatCore

/// Reporting and blocking from a picked line, in the chat or in a thread's view: one rule for
/// both (`MessageList.reportSelected`, `blockSelectedSender`), nothing picked is said so.
extension SafetyModel {
    /// Reports the picked line's message.
    func report(picked line: ChatLine?, reason: String) async -> Bool {
        guard let line else { return refuseWithoutPick() }
        return await report(line.message, reason: reason)
    }

    /// Blocks whoever wrote the picked line.
    func blockSender(ofPicked line: ChatLine?) async -> Bool {
        guard let line else { return refuseWithoutPick() }
        return await block(UserProfile(id: line.message.senderID, nickname: line.message.senderNickname))
    }

    private func refuseWithoutPick() -> Bool {
        fail(strings.selectMessageFirst)
        return false
    }
}
