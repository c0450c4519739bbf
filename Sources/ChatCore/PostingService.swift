import FoundationEssentials

/// Posting: the posting rule, text, images and files, direct messages, and the outbox.
public protocol PostingService: AnyObject, Sendable {
    /// The posting rule applied to the viewer and this channel.
    func permission(in channel: ChannelID) async -> SendPermission
    /// Posts text; returns the stored (or pending) message. Refusals throw `.denied` and store nothing.
    func send(_ text: String, to channel: ChannelID) async throws -> Message
    /// Posts an image; same rules as `send`.
    func sendImage(_ image: ImageUpload, to channel: ChannelID) async throws -> Message
    /// Posts any file as an attachment (a video or sound by its declared type); same rules as `send`.
    func sendFile(_ file: FileUpload, to channel: ChannelID) async throws -> Message
    /// Sends a direct message, creating the conversation with the first one.
    func sendDirect(_ text: String, to user: UserID) async throws -> Message
    /// Sends a failed or pending message again (same transaction id).
    func retry(_ message: MessageID) async throws
    /// Drops a failed or pending message from the outbox.
    func discard(_ message: MessageID) async throws
}
