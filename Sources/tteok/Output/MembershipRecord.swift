import ChatCore

/// The membership change of a `membership` line in `read --json`; the sender made it.
struct MembershipRecord: Encodable, Sendable {
    /// `joined`, `left`, `invited`, `kicked`, `banned` or `unbanned`.
    let action: String
    let targetId: String
    let targetNickname: String
    let reason: String?

    /// nil for anything but a membership change.
    init?(_ content: MessageContent) {
        guard case .roomChange(.membership(let change)) = content else { return nil }
        action = change.action.rawValue
        targetId = change.target.raw
        targetNickname = change.targetNickname
        reason = change.reason
    }
}
