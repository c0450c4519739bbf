import FoundationEssentials

/// A signed-in member's account as the community knows it.
public struct Account: Hashable, Sendable, Codable {
    public var id: UserID
    /// Email, or on Matrix the full user id when the server has no email for it.
    public var email: String
    /// May be empty: the nickname gate asks for one before any chat opens.
    public var nickname: String
    /// The member's region (a region channel's name), if they chose one.
    public var region: String?
    /// The version of the community terms this account agreed to, if any.
    public var acceptedTermsVersion: Int?
    /// The terms version this community asks its members to agree to: the shipped one, or a newer
    /// one its moderators published. Carried with the account so every check reads one value.
    public var requiredTermsVersion: Int
    /// A moderator's mute in force on this account, if any: it may read but not post or react.
    public var mute: Mute?

    public init(id: UserID, email: String, nickname: String, region: String? = nil, acceptedTermsVersion: Int? = nil,
                requiredTermsVersion: Int = CommunityTerms.currentVersion, mute: Mute? = nil) {
        self.id = id
        self.email = email
        self.nickname = nickname
        self.region = region
        self.acceptedTermsVersion = acceptedTermsVersion
        self.requiredTermsVersion = requiredTermsVersion
        self.mute = mute
    }

    /// True when the nickname gate must stop this member.
    public var needsNickname: Bool { nickname.trimmingWhitespaceAndNewlines().isEmpty }

    /// True when the terms screen must be shown before the community is used.
    public func needsTerms() -> Bool {
        (acceptedTermsVersion ?? 0) < max(requiredTermsVersion, CommunityTerms.currentVersion)
    }

    /// True when the member agreed to terms once and the community has published newer ones since.
    public var termsChanged: Bool { (acceptedTermsVersion ?? 0) > 0 && needsTerms() }
}

/// The person using tteok right now. Exactly one of two kinds: never "a member that may be nil".
public enum Viewer: Hashable, Sendable, Codable {
    /// No account: reads everything, posts nothing.
    case guest
    /// A signed-in member.
    case member(Account)

    /// The member's account, or nil for a guest. For display only; rules switch on the enum.
    public var account: Account? {
        if case .member(let account) = self { return account }
        return nil
    }

    /// The id of the viewer, for "is this message mine" checks. A guest owns nothing.
    public var userID: UserID? { account?.id }

    /// Name to show for the viewer.
    public var displayName: String {
        switch self {
        case .guest: return "Guest"
        case .member(let account): return account.needsNickname ? account.email : account.nickname
        }
    }

    /// True when `message` was written by this viewer.
    public func owns(_ message: Message) -> Bool {
        guard let id = userID else { return false }
        return message.senderID == id
    }
}

/// Public profile of any user, as others see it.
public struct UserProfile: Hashable, Sendable, Codable {
    public var id: UserID
    public var nickname: String
    public var email: String?
    public var region: String?

    public init(id: UserID, nickname: String, email: String? = nil, region: String? = nil) {
        self.id = id
        self.nickname = nickname
        self.email = email
        self.region = region
    }
}

/// The community rules every member agrees to before posting.
public enum CommunityTerms {
    /// The version of the rules shipped with tteok. A community's moderators publish newer ones
    /// (`Account.requiredTermsVersion`); raising this asks every member of every community again.
    public static let currentVersion = 1
}

/// A moderator's mute: the member reads but cannot post or react until `until` (nil: until a
/// moderator lifts it).
public struct Mute: Hashable, Sendable, Codable {
    public var reason: String
    public var until: Date?

    public init(reason: String, until: Date?) {
        self.reason = reason
        self.until = until
    }
}
