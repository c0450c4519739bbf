import FoundationEssentials

/// Everything a viewer reads: channels, history, conversations, discover, profiles.
public protocol ReadingService: AnyObject, Sendable {
    // MARK: Channels and messages

    /// Every channel the viewer can see (not direct conversations), unordered.
    func channels() async throws -> [Channel]
    /// One page of the channel list in display order (`ChannelOrdering`): the first page starts
    /// with the channel pinned for `region`; `after` is the previous page's `next` token. Lets a
    /// list of any length be shown and printed a page at a time.
    func channelPage(region: String?, after token: PageToken?, limit: Int) async throws -> ChannelPage
    /// The unread counts of these channels (a page's), each a count or why it could not be had.
    func unreadCounts(in channels: [ChannelID]) async -> [ChannelID: Result<Int, ChatError>]
    /// Finds a channel by name, alias or id.
    func channel(named name: String) async throws -> Channel
    /// Messages in the channel the viewer has not seen.
    func unreadCount(in channel: ChannelID) async throws -> Int
    /// Returns once the local view has caught up with the server once in this process (or the
    /// attempt failed), for a script that reads once and exits; the interactive client never
    /// waits for it. A backend that is always current returns at once.
    func catchUp() async
    /// The newest `limit` messages, oldest first, and how to page back. Each message comes with
    /// its relations resolved (reply, edit, reactions, deletion, thread).
    func latestMessages(in channel: ChannelID, limit: Int) async throws -> MessagePage
    /// The page before `token`, oldest first.
    func olderMessages(in channel: ChannelID, before token: PageToken, limit: Int) async throws -> MessagePage
    /// The bytes of an image message.
    func imageData(_ image: ImageInfo) async throws -> Data
    /// The bytes of a file attachment (at most `FileUpload.maximumByteCount`; a larger one throws).
    func fileData(_ file: FileInfo) async throws -> Data
    /// Marks everything in the channel as seen by the viewer.
    func markRead(_ channel: ChannelID) async throws

    // MARK: Direct conversations

    func conversations() async throws -> [ConversationSummary]
    /// Members whose nickname or email contains `query`.
    func searchMembers(_ query: String) async throws -> [UserProfile]
    /// The conversation with `user`, or nil when none has been started yet.
    func directChannel(with user: UserID) async throws -> ChannelID?

    // MARK: Discover

    /// The most active channels since `since`, each with its latest message, most active first.
    func activeChannels(since: Date, limit: Int) async throws -> [ChannelActivity]

    // MARK: Profiles

    func profile(of user: UserID) async throws -> UserProfile
    func messageCount(of user: UserID) async throws -> Int
    /// A user's messages, newest first.
    func recentMessages(by user: UserID, limit: Int) async throws -> [Message]
}

extension ReadingService {
    /// Always current (the embedded community reads the shared file itself).
    public func catchUp() async {}
}
