/// Turning end-to-end encryption on in a chat: a capability of its own, since only Matrix rooms
/// have it (the community backend's channels are not end-to-end encrypted).
public protocol RoomEncryptionService: AnyObject, Sendable {
    /// Turns end-to-end encryption on in `channel` for good — Matrix has no way to turn it off,
    /// so front ends ask first. A room already encrypted stays as it is. Throws when this
    /// session cannot encrypt, or the person may not change the room's settings.
    func turnOnEncryption(in channel: ChannelID) async throws
}
