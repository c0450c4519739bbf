import FoundationEssentials

/// A signed-in (or guest) Matrix session as saved in the state directory (0600 via `SecretFile`).
public struct MatrixSession: Codable, Hashable, Sendable {
    public var homeserver: URL
    public var userID: String
    public var deviceID: String
    /// Kept only in this file and in the `Authorization` header.
    public var accessToken: String
    /// Guests are read-only in tteok whatever the server would allow.
    public var isGuest: Bool

    public init(homeserver: URL, userID: String, deviceID: String, accessToken: String, isGuest: Bool) {
        self.homeserver = homeserver
        self.userID = userID
        self.deviceID = deviceID
        self.accessToken = accessToken
        self.isGuest = isGuest
    }
}

extension MatrixSession: CustomStringConvertible {
    /// Never prints the token.
    public var description: String { "MatrixSession(\(userID) on \(homeserver), device \(deviceID)\(isGuest ? ", guest" : ""))" }
}

/// Transaction ids for sends: unique per message, reused on every retry of that message.
enum TransactionID {
    static func make() -> String { "tteok." + UUID().uuidString.lowercased() }
}

/// User-id helpers.
enum MatrixUser {
    /// `@alice:server` → `alice`; anything else is returned as it is.
    static func localpart(_ user: String) -> String {
        guard user.hasPrefix("@") else { return user }
        return String(user.dropFirst().prefix { $0 != ":" })
    }
}
