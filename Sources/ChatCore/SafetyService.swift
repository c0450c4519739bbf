import FoundationEssentials

/// Reports and blocks. Blocked users vanish from everything the viewer reads.
public protocol SafetyService: AnyObject, Sendable {
    func report(_ message: MessageID, in channel: ChannelID, reason: String) async throws
    func block(_ user: UserID) async throws
    func unblock(_ user: UserID) async throws
    func blockedUsers() async throws -> [UserProfile]
}
