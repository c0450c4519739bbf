import FoundationEssentials

/// Relations a member adds to messages: replies, emotes, edits, reactions and deletions.
///
/// Not (yet) part of `ChatService`: a backend offers it by conforming, and callers ask
/// (`service as? any RelationsService`), so a backend without it says so instead of pretending.
/// The same rules as posting apply (guests, the posting rule, encrypted rooms); only a message's
/// sender edits it, and only its sender or a moderator deletes it.
public protocol RelationsService: AnyObject, Sendable {
    /// Posts `text` as a reply to `message`; returns it as `send` does.
    func reply(_ text: String, to message: MessageID, in channel: ChannelID) async throws -> Message
    /// Posts an action (`/me waves`), shown as `* Nick waves`.
    func sendEmote(_ text: String, to channel: ChannelID) async throws -> Message
    /// Replaces the text of my own `message`.
    func edit(_ message: MessageID, in channel: ChannelID, to text: String) async throws
    /// Reacts to `message` with `key` (an emoji); reacting twice with one key changes nothing.
    func react(to message: MessageID, in channel: ChannelID, with key: String) async throws
    /// Takes back my reaction `key` to `message`; one I never gave changes nothing.
    func removeReaction(_ key: String, from message: MessageID, in channel: ChannelID) async throws
    /// Deletes `message`: my own, or anyone's for a moderator.
    func delete(_ message: MessageID, in channel: ChannelID) async throws
}
