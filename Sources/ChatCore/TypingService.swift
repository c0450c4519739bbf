/// Typing notices: telling a channel that the viewer is composing, so others see "… is typing".
///
/// Not part of `ChatService`: a backend without live peers (the community file opened directly
/// by a script) has no one to tell. Callers ask (`service as? any TypingService`). Others'
/// notices arrive as `ChatEvent.typing`.
public protocol TypingService: AnyObject, Sendable {
    /// Starts (`true`) or ends (`false`) the viewer's typing notice in `channel`. A start lasts
    /// `TypingNotice.lasts` unless renewed, so a client that vanishes does not type forever.
    func setTyping(_ typing: Bool, in channel: ChannelID) async throws
}

/// How long typing notices last; one rule for both backends and the client's renewals.
public enum TypingNotice {
    /// Seconds a start lasts on the server unless renewed.
    public static let lasts = 30.0
    /// Seconds between renewals while the viewer keeps typing (well inside `lasts`).
    public static let renewAfter = 20.0
    /// Seconds without a keystroke after which the viewer is no longer typing.
    public static let idleAfter = 8.0
}
