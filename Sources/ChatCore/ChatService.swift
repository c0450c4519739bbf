import Foundation

/// What a member fills in to sign up.
public struct SignUpRequest: Hashable, Sendable, Codable {
    /// Email (embedded community) or user name / `@name:server` (Matrix).
    public var identifier: String
    public var password: String
    public var nickname: String
    public var region: String?
    /// True when the terms were accepted as part of sign-up (`--accept-terms`).
    public var acceptTerms: Bool

    public init(identifier: String, password: String, nickname: String = "", region: String? = nil, acceptTerms: Bool = false) {
        self.identifier = identifier
        self.password = password
        self.nickname = nickname
        self.region = region
        self.acceptTerms = acceptTerms
    }
}

/// An image file read from disk, ready to send.
public struct ImageUpload: Hashable, Sendable, Codable {
    /// Largest image a member may send (10 MiB), on every backend: the file reader refuses
    /// before reading, the embedded community before storing.
    public static let maximumByteCount = 10 * 1024 * 1024

    public var fileName: String
    public var mimeType: String
    public var data: Data
    public var width: Int?
    public var height: Int?

    public init(fileName: String, mimeType: String, data: Data, width: Int? = nil, height: Int? = nil) {
        self.fileName = fileName
        self.mimeType = mimeType
        self.data = data
        self.width = width
        self.height = height
    }
}

/// The one interface both backends implement: the embedded SQLite community and Matrix.
///
/// Nothing above the backends knows which one it has. Calls are async and throw `ChatError`;
/// the rules (guests cannot post, the posting rule, blocks) are enforced here as well as in the UI.
public protocol ChatService: AnyObject, Sendable, SearchService {
    // MARK: Session

    /// What the forms ask for to name an account (email or user name).
    var accountNaming: AccountNaming { get }
    /// Resumes the saved session if there is one; otherwise the viewer is a guest with no session.
    func restoreSession() async -> Viewer
    /// Who is using the service now. Re-read on every screen appearance.
    func viewer() async -> Viewer
    func signUp(_ request: SignUpRequest) async throws -> Account
    /// Logs in by email (or Matrix user name) and saves the session.
    func logIn(identifier: String, password: String) async throws -> Account
    /// Starts a guest session (read-only in tteok on every backend).
    func continueAsGuest() async throws
    /// Ends the session and forgets it.
    func logOut() async throws
    /// Records the member's consent to the given terms version.
    func acceptTerms(version: Int) async throws -> Account
    /// Changes the member's nickname and/or region; nil leaves a field as it is.
    func updateProfile(nickname: String?, region: String?) async throws -> Account

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
    /// The posting rule applied to the viewer and this channel.
    func permission(in channel: ChannelID) async -> SendPermission
    /// Returns once the local view has caught up with the server once in this process (or the
    /// attempt failed), for a script that reads once and exits; the interactive client never
    /// waits for it. A backend that is always current returns at once.
    func catchUp() async
    /// The newest `limit` messages, oldest first, and how to page back.
    func latestMessages(in channel: ChannelID, limit: Int) async throws -> MessagePage
    /// The page before `token`, oldest first.
    func olderMessages(in channel: ChannelID, before token: PageToken, limit: Int) async throws -> MessagePage
    /// Posts text; returns the stored (or pending) message. Refusals throw `.denied` and store nothing.
    func send(_ text: String, to channel: ChannelID) async throws -> Message
    /// Posts an image; same rules as `send`.
    func sendImage(_ image: ImageUpload, to channel: ChannelID) async throws -> Message
    /// The bytes of an image message.
    func imageData(_ image: ImageInfo) async throws -> Data
    /// Marks everything in the channel as seen by the viewer.
    func markRead(_ channel: ChannelID) async throws
    /// Sends a failed or pending message again (same transaction id).
    func retry(_ message: MessageID) async throws
    /// Drops a failed or pending message from the outbox.
    func discard(_ message: MessageID) async throws

    // MARK: Direct conversations

    func conversations() async throws -> [ConversationSummary]
    /// Members whose nickname or email contains `query`.
    func searchMembers(_ query: String) async throws -> [UserProfile]
    /// The conversation with `user`, or nil when none has been started yet.
    func directChannel(with user: UserID) async throws -> ChannelID?
    /// Sends a direct message, creating the conversation with the first one.
    func sendDirect(_ text: String, to user: UserID) async throws -> Message

    // MARK: Discover

    /// The most active channels since `since`, each with its latest message, most active first.
    func activeChannels(since: Date, limit: Int) async throws -> [ChannelActivity]

    // MARK: Profiles

    func profile(of user: UserID) async throws -> UserProfile
    func messageCount(of user: UserID) async throws -> Int
    /// A user's messages, newest first.
    func recentMessages(by user: UserID, limit: Int) async throws -> [Message]

    // MARK: Safety

    func report(_ message: MessageID, in channel: ChannelID, reason: String) async throws
    func block(_ user: UserID) async throws
    func unblock(_ user: UserID) async throws
    func blockedUsers() async throws -> [UserProfile]

    // MARK: Live

    /// A new stream of live changes. The listener is removed when the stream's consumer is cancelled.
    func events() -> AsyncStream<ChatEvent>
    /// How many `events()` streams are live now. Lets tests prove listeners never pile up.
    func liveListenerCount() async -> Int
}

extension ChatService {
    /// Always current (the embedded community reads the shared file itself).
    public func catchUp() async {}
}
