/// Identifiers are distinct types so a channel id can never be passed where a user id is meant.
/// Their raw text is backend-defined (a SQLite row key, a Matrix `@user:server` or `!room`).

/// Who wrote something or who an account is.
public struct UserID: Hashable, Sendable, Codable, CustomStringConvertible {
    public let raw: String
    public init(_ raw: String) { self.raw = raw }
    public var description: String { raw }
}

/// A channel, region channel, open channel or direct conversation.
public struct ChannelID: Hashable, Sendable, Codable, CustomStringConvertible {
    public let raw: String
    public init(_ raw: String) { self.raw = raw }
    public var description: String { raw }
}

/// One message. Unique within its backend.
public struct MessageID: Hashable, Sendable, Codable, CustomStringConvertible {
    public let raw: String
    public init(_ raw: String) { self.raw = raw }
    public var description: String { raw }
}
