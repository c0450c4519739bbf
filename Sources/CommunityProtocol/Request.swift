import ChatCore
import FoundationEssentials

/// Everything a client may ask the service: one case per `ChatService` call, plus the session
/// hand-over, the live subscription and the moderators' reports.
///
/// The service answers each with a `Response`; the engine behind it enforces the rules, so a
/// request is only a wish.
public enum Request: Codable, Hashable, Sendable {
    // Session: the token is the client's; the service keeps only its digest.
    case restore(token: String?)
    case viewer
    case signUp(SignUpRequest)
    case logIn(identifier: String, password: String)
    case continueAsGuest
    case logOut
    case acceptTerms(version: Int)
    case updateProfile(nickname: String?, region: String?)

    // Channels and messages. `clientID` makes a resent post land once.
    case channels
    /// One page of the channel list in display order (the list may hold a million channels).
    case channelPage(region: String?, after: PageToken?, limit: Int)
    /// The unread counts of a page of channels, in one read.
    case unreadCounts([ChannelID])
    case channelNamed(String)
    case unreadCount(ChannelID)
    case permission(ChannelID)
    case latestMessages(ChannelID, limit: Int)
    case olderMessages(ChannelID, before: PageToken, limit: Int)
    case send(String, to: ChannelID, clientID: String)
    case sendImage(ImageUpload, to: ChannelID, clientID: String)
    case imageData(ImageInfo)
    case sendFile(FileUpload, to: ChannelID, clientID: String)
    case fileData(FileInfo)
    case markRead(ChannelID)

    // Direct conversations.
    case conversations
    case searchMembers(String)
    case directChannel(with: UserID)
    case sendDirect(String, to: UserID, clientID: String)

    // Discover and profiles.
    case activeChannels(since: Date, limit: Int)
    case profile(UserID)
    case messageCount(UserID)
    case recentMessages(by: UserID, limit: Int)
    case search(SearchQuery)

    // Relations (issue 17): replies, emotes, edits, reactions, deletions; the engine's rules apply.
    case reply(String, to: MessageID, in: ChannelID)
    case sendEmote(String, to: ChannelID)
    case edit(MessageID, in: ChannelID, to: String)
    case react(to: MessageID, in: ChannelID, with: String)
    case removeReaction(String, from: MessageID, in: ChannelID)
    case delete(MessageID, in: ChannelID)
    /// A thread with its newest replies; a reply posted in one (wire version 3), answering one of
    /// its messages (`quoting`), and the thread's older replies (wire version 6).
    case thread(MessageID, in: ChannelID, limit: Int)
    case olderThreadReplies(MessageID, in: ChannelID, before: PageToken, limit: Int)
    /// The viewer has seen a thread up to its newest reply (wire version 7).
    case markThreadRead(MessageID, in: ChannelID)
    /// Words posted in a thread: text, or an action (wire version 9).
    case replyInThread(Words, root: MessageID, quoting: MessageID?, in: ChannelID)

    // Safety and moderation.
    case report(MessageID, in: ChannelID, reason: String)
    case block(UserID)
    case unblock(UserID)
    case blockedUsers
    case reports
    /// A moderator creates an open channel, or a region's channel.
    case createChannel(name: String, region: String?)
    case renameChannel(ChannelID, to: String)
    case setArchived(ChannelID, Bool)
    case archivedChannels
    case moderators
    case setModerator(email: String, Bool)
    /// A mute or ban of a member named by email or nickname; `until` nil lasts until lifted.
    case impose(SanctionKind, on: String, reason: String, until: Date?)
    case lift(SanctionKind, from: String)
    case sanctions
    case publishTerms(String)
    case publishedTerms
    /// Why this connection's session is refused (a ban), if it is.
    case sessionRefusal

    /// Start pushing live events on this connection.
    case subscribe
    /// The member starts or stops typing in a channel (only for a subscribed connection: its
    /// notices end when it leaves).
    case typing(ChannelID, Bool)
    /// The first `limit` members of a channel (clamped by the service) and who of them is
    /// connected now (wire version 5).
    case members(ChannelID, limit: Int)
    /// Every member's nickname, for Tab completion (wire version 11).
    case memberNames(ChannelID)
}
