import ChatCore
import FoundationEssentials

/// The service's answer to one `Request`.
public enum Response: Codable, Hashable, Sendable {
    case done
    /// A refusal or failure, typed as the engine raised it.
    case failure(ChatError)
    case viewer(Viewer)
    /// Signed in (sign-up, log-in): the token goes to the client's 0600 session file.
    case signedIn(Account, token: String)
    /// What the client's session file should now hold (nil: remove it), after a guest visit
    /// started or a log-out.
    case sessionFile(token: String?)
    case account(Account)
    case channels([Channel])
    case channelPage(channels: [Channel], pinned: ChannelID?, next: Paging)
    /// Per channel its count, or why it could not be counted.
    case unreadCounts([UnreadCount])
    case channel(Channel)
    case count(Int)
    case permission(SendPermission)
    case page(MessagePage)
    case message(Message)
    case messages([Message])
    case thread(MessageThread)
    case data(Data)
    case conversations([ConversationSummary])
    case profiles([UserProfile])
    case profile(UserProfile)
    case directChannel(ChannelID?)
    case activity([ChannelActivity])
    case reports([ReportRecord])
    case searchPage(SearchPage)
    case moderators([ModeratorEntry])
    case sanction(Sanction)
    case sanctions([Sanction])
    case terms(PublishedTerms?)
    /// Why the session is refused, or nil.
    case refusal(ChatError?)
    case members(MemberList)
    case names([String])
}

/// One channel's unread count as `unreadCounts` answers it: a count or the engine's error.
public struct UnreadCount: Codable, Hashable, Sendable {
    public var channel: ChannelID
    public var count: Int?
    public var error: ChatError?

    public init(channel: ChannelID, result: Result<Int, ChatError>) {
        self.channel = channel
        switch result {
        case .success(let count): self.count = count
        case .failure(let error): self.error = error
        }
    }

    public var result: Result<Int, ChatError> {
        if let count { return .success(count) }
        return .failure(error ?? .storage("no count"))
    }
}
