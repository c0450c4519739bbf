import ChatCore

extension DeviceVerification {
    /// Follows tteok's side to the end, answering `match` at the comparison: the emoji shown
    /// (symbols) and the last step.
    func follow(match: Bool = true) async -> (emoji: [String]?, last: VerificationStep?) {
        var shown: [String]?, last: VerificationStep?
        for await step in steps() {
            last = step
            if case .compare(let emoji, _) = step {
                shown = emoji.map(\.symbol)
                await answer(match: match)
            }
        }
        return (shown, last)
    }
}
