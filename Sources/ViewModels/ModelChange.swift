import ChatCore

/// What one publish of a model changed, for a front end that can redraw less than everything.
///
/// Most changes are `anything`: the front end draws a whole frame. The few that come many times a
/// second while nothing else moves — a live message in the open chat, another channel's badge,
/// the tab bar's activity — say exactly what changed, so a frame can draw only that.
public enum ModelChange: Hashable, Sendable {
    /// Anything may have changed.
    case anything
    /// Lines were added after the newest line of this chat model, and nothing else of it changed.
    case linesAppended(chat: ObjectIdentifier)
    /// Only these channels' badges in the channel list changed.
    case badges(Set<ChannelID>)
    /// Only the activity of other chats changed (the tab bar's counts).
    case activity
}
