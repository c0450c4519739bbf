import FoundationEssentials

/// Whether a member is reachable now, as far as the backend knows: the community's service sees
/// who holds a live connection; Matrix presence is not synced by tteok (`.unknown`).
public enum Presence: String, Codable, Hashable, Sendable {
    case online, offline, unknown
}

/// One member of a channel as the member list shows it: the current nickname (not the one a
/// message was signed with).
public struct ChannelMember: Codable, Hashable, Sendable {
    public var user: UserID
    public var nickname: String
    public var presence: Presence

    public init(user: UserID, nickname: String, presence: Presence = .unknown) {
        self.user = user
        self.nickname = nickname
        self.presence = presence
    }
}

/// The first members of a channel in name order, and how many there are: a room of 10,000 is
/// never read whole into the client, only the rows it shows.
public struct MemberList: Codable, Hashable, Sendable {
    /// At most the `limit` asked for, ordered by folded nickname.
    public var members: [ChannelMember]
    /// Members the backend knows of in all (at least `members.count`).
    public var total: Int
    /// False when the backend knows only part of the room (Matrix lazy-loads members with the
    /// messages that name them); `fetchMembers` asks the server for the rest.
    public var complete: Bool

    public init(members: [ChannelMember], total: Int, complete: Bool = true) {
        self.members = members
        self.total = max(total, members.count)
        self.complete = complete
    }

    /// The most members one call hands out, whatever a caller (or a hostile client) asks for.
    public static let maximumLimit = 500

    /// The most nicknames `memberNames` hands out: a room of 50,000 completes whole, a hostile
    /// service's endless list stops here (and its frame stays under the socket's limit).
    public static let maximumNames = 50_000

    /// `limit` brought into 1…`maximumLimit`.
    public static func clamp(_ limit: Int) -> Int {
        min(max(limit, 1), maximumLimit)
    }
}

/// Who is in a channel, for the member list (`/names`, the pane beside the chat).
///
/// Not part of `ChatService`, like `TypingService`: callers ask `service as? any MembersService`.
/// The embedded community counts as members the people who posted in the channel (it has no
/// joins) and both people of a direct conversation; Matrix, the room's joined members.
public protocol MembersService: AnyObject, Sendable {
    /// The first `limit` members of `channel` by nickname (`MemberList.clamp`), and the total.
    func members(of channel: ChannelID, limit: Int) async throws -> MemberList
    /// Asks the server for every member of `channel` when the backend knows only part of them
    /// (Matrix lazy loading); a backend that always knows them all returns at once.
    func fetchMembers(of channel: ChannelID) async throws
    /// The nicknames of every member of `channel` (at most `MemberList.maximumNames`, in no
    /// particular order), for Tab completion: Matrix first asks the server for the members lazy
    /// loading left out (once a room: the cache keeps them), and answers with what it knows when
    /// the server cannot be reached.
    func memberNames(of channel: ChannelID) async throws -> [String]
}
