import FoundationEssentials

/// One report as a moderator of the embedded community reads it (in ChatCore so the service can send it): who reported what, where, why.
public struct ReportRecord: Hashable, Sendable, Codable {
    public var id: Int64
    public var reportedAt: Date
    public var reason: String
    public var reporter: UserProfile
    /// The reported message, as stored (not filtered for anyone's blocks).
    public var message: Message
    /// The channel's name; empty for a direct conversation.
    public var channelName: String
    public var channelKind: String

    public init(id: Int64, reportedAt: Date, reason: String, reporter: UserProfile, message: Message, channelName: String, channelKind: String) {
        self.id = id
        self.reportedAt = reportedAt
        self.reason = reason
        self.reporter = reporter
        self.message = message
        self.channelName = channelName
        self.channelKind = channelKind
    }
}
