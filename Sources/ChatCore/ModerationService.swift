import FoundationEssentials

/// What a community's moderators do, and what every member may read of it (the published terms,
/// why a saved session is refused). Offered by the embedded community and its service, asked for
/// with `as? any ModerationService`; not by Matrix, where a room's power levels decide and the
/// homeserver's admins read reports.
///
/// Every call is decided by the backend inside its own write: a refusal is
/// `ChatError.forbidden` with the words a member reads, and nothing is stored.
public protocol ModerationService: Sendable {
    /// Every report, oldest first; moderators only. A reported moderator never sees the reporter.
    func reports() async throws -> [ReportRecord]

    /// The accounts named moderators (by `tteok serve --moderator` or by a moderator). The service's
    /// owner moderates too, by Unix user, and is not listed.
    func moderators() async throws -> [ModeratorEntry]
    /// Makes the account with `email` a moderator (`true`) or no longer one (`false`).
    func setModerator(email: String, _ isModerator: Bool) async throws

    /// Creates an open channel, or the channel of `region`.
    func createChannel(named name: String, region: String?) async throws -> Channel
    func renameChannel(_ channel: ChannelID, to name: String) async throws -> Channel
    /// Archives (read-only, out of the default list) or restores a channel. Region channels stay.
    func setArchived(_ channel: ChannelID, _ archived: Bool) async throws -> Channel
    /// The archived channels, which the channel list leaves out; anyone may read them.
    func archivedChannels() async throws -> [Channel]

    /// Mutes or bans `member` (an email or a nickname) for `reason`, until `until` (nil: until lifted).
    func impose(_ kind: SanctionKind, on member: String, reason: String, until: Date?) async throws -> Sanction
    /// Lifts a mute or ban of `member`.
    func lift(_ kind: SanctionKind, from member: String) async throws
    /// The mutes and bans in force, newest first; moderators only.
    func sanctions() async throws -> [Sanction]

    /// Publishes `text` as the community's next terms version: every member agrees again before
    /// posting.
    func publishTerms(_ text: String) async throws -> PublishedTerms
    /// The terms the community's moderators published last; nil while the shipped terms apply.
    func publishedTerms() async throws -> PublishedTerms?

    /// Why the saved session cannot be used (a ban), or nil: a refused session restores as a
    /// guest, and this says why in words the member can act on.
    func sessionRefusal() async -> ChatError?
}

/// A moderator's measure against a member.
public enum SanctionKind: String, Hashable, Sendable, Codable, CaseIterable {
    /// Reads, cannot post or react.
    case mute
    /// Cannot sign in; existing sessions are refused.
    case ban
}

/// A mute or ban in force.
public struct Sanction: Hashable, Sendable, Codable {
    public var kind: SanctionKind
    /// The member, with their email (only moderators list sanctions).
    public var member: UserProfile
    public var reason: String
    /// The nickname of the moderator who imposed it.
    public var moderator: String
    public var since: Date
    /// Nil: until a moderator lifts it.
    public var until: Date?

    public init(kind: SanctionKind, member: UserProfile, reason: String, moderator: String, since: Date, until: Date?) {
        self.kind = kind
        self.member = member
        self.reason = reason
        self.moderator = moderator
        self.since = since
        self.until = until
    }
}

/// One named moderator.
public struct ModeratorEntry: Hashable, Sendable, Codable {
    /// How the account became a moderator, which decides how it stops being one.
    public enum Source: String, Hashable, Sendable, Codable {
        /// `tteok serve --moderator EMAIL`: only restarting the service without it removes it.
        case serveOption = "serve"
        /// `tteok moderator add EMAIL` by a moderator: stored in the community file.
        case added
    }

    public var email: String
    /// The account's nickname; nil when nobody has signed up with that email yet.
    public var nickname: String?
    public var source: Source

    public init(email: String, nickname: String?, source: Source) {
        self.email = email
        self.nickname = nickname
        self.source = source
    }
}

/// A terms version a community's moderators published.
public struct PublishedTerms: Hashable, Sendable, Codable {
    public var version: Int
    public var text: String
    public var publishedAt: Date

    public init(version: Int, text: String, publishedAt: Date) {
        self.version = version
        self.text = text
        self.publishedAt = publishedAt
    }
}
