import ChatCore

/// Where a chat's transcript is scrolled, kept by message so that what arrives below does not
/// move what the user is reading (as in any chat client).
public enum ChatScroll: Hashable, Sendable {
    /// Following the newest message: each new one comes into view.
    case newest
    /// `rows` rows back from the last row of `anchor` (the newest message when the user scrolled
    /// back); messages after it pile up below the view and are counted ("3 new ↓"). A negative
    /// `rows` reaches into them. Without an anchor, rows back from the newest row.
    case back(rows: Int, anchor: MessageID?)
    /// The oldest loaded row at the top; older pages load while it stays there (Home).
    case oldest
    /// The "new messages" line at the top of the view when the unread messages do not fit below
    /// it; otherwise as `newest`. A chat opens here.
    case firstUnread
}
