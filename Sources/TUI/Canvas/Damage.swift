import ChatCore

/// What a change made stale on screen, so that the next frame redraws only that.
///
/// A front end reports damage with every change; the run loop adds it up until the next frame.
/// Anything it cannot name precisely is `.everything`, the safe fallback: the whole frame is
/// drawn and diffed, as on a resize or a model change.
public enum Damage: Hashable, Sendable {
    /// Only these parts changed; each can be redrawn alone over the last frame.
    case areas(Set<ScreenArea>)
    /// Anything may have changed.
    case everything

    /// Nothing visible changed (a key that did nothing).
    public static let nothing = Damage.areas([])

    /// What both changes together made stale.
    public func union(_ other: Damage) -> Damage {
        switch (self, other) {
        case (.areas(let mine), .areas(let theirs)): return .areas(mine.union(theirs))
        default: return .everything
        }
    }
}

/// A part of the screen a front end can redraw on its own, without drawing the rest.
public enum ScreenArea: Hashable, Sendable {
    /// The chat's input bar and the cursor in it: all that typing into it changes.
    case inputLine
    /// Lines added at the end of the chat on screen, which scrolls up to make room for them:
    /// all that a live message there changes.
    case newChatLines
    /// These channels' rows in the channel list: all that a new count changes.
    case channelRows(Set<ChannelID>)
    /// The tab bar: all that another chat's activity changes.
    case tabBar
}
