import ChatCore
import CommunityProtocol
import FoundationEssentials

/// The `ChatService` calls, each one request to the service.
extension ServiceCommunity {
    /// The session file's session resumed. A link this call had to open resumed it already (with
    /// the same file): that answer is taken, once, instead of asking again.
    public func restoreSession() async -> Viewer {
        guard let link = try? await ready() else { return .guest }
        if let viewer = takeFreshRestore(of: link) { return viewer }
        viewerMemo.forget()
        let asked = viewerMemo.generation
        guard case .viewer(let viewer)? = try? await link.call(.restore(token: sessionFile.load()?.token)) else { return .guest }
        lastViewer.withLock { $0 = viewer.userID }
        viewerMemo.remember(viewer, askedAt: asked)
        return viewer
    }

    /// The restore answer of `link` when it is still the newest and nobody took it.
    private func takeFreshRestore(of link: ServiceLink) -> Viewer? {
        freshRestore.withLock { fresh in
            defer { fresh = nil }
            guard let kept = fresh, kept.link == ObjectIdentifier(link) else { return nil }
            return kept.viewer
        }
    }

    /// Asked of the service unless it named the viewer moments ago on the live connection and
    /// nothing since can have changed it (`ViewerMemo`).
    public func viewer() async -> Viewer {
        if receivesLiveEvents, let kept = viewerMemo.viewer() { return kept }
        let asked = viewerMemo.generation
        guard case .viewer(let viewer)? = try? await call(.viewer) else { return .guest }
        lastViewer.withLock { $0 = viewer.userID }
        viewerMemo.remember(viewer, askedAt: asked)
        return viewer
    }

    public func signUp(_ request: SignUpRequest) async throws -> Account { try await signIn(.signUp(request)) }

    public func logIn(identifier: String, password: String) async throws -> Account {
        try await signIn(.logIn(identifier: identifier, password: password))
    }

    public func continueAsGuest() async throws {
        guard case .sessionFile(let token) = try await call(.continueAsGuest) else { throw unexpected() }
        try keep(token: token)
    }

    public func logOut() async throws {
        guard case .sessionFile(let token) = try await call(.logOut) else { throw unexpected() }
        try keep(token: token)
    }

    public func acceptTerms(version: Int) async throws -> Account { try await account(.acceptTerms(version: version)) }

    public func updateProfile(nickname: String?, region: String?) async throws -> Account {
        try await account(.updateProfile(nickname: nickname, region: region))
    }

    public func channels() async throws -> [Channel] {
        guard case .channels(let channels) = try await call(.channels) else { throw unexpected() }
        return channels
    }

    /// Paged by the service in SQL order, as a direct open of the file pages.
    public func channelPage(region: String?, after token: PageToken?, limit: Int) async throws -> ChannelPage {
        guard case .channelPage(let channels, let pinned, let next) = try await call(.channelPage(region: region, after: token, limit: limit)) else {
            throw unexpected()
        }
        return ChannelPage(channels: channels, pinned: pinned, next: next)
    }

    /// A page's counts in one request, not one request per channel.
    public func unreadCounts(in channels: [ChannelID]) async -> [ChannelID: Result<Int, ChatError>] {
        do {
            guard case .unreadCounts(let counts) = try await call(.unreadCounts(channels)) else { throw unexpected() }
            return Dictionary(counts.map { ($0.channel, $0.result) }) { first, _ in first }
        } catch {
            let failure = (error as? ChatError) ?? .storage(String(describing: error))
            return Dictionary(channels.map { ($0, Result<Int, ChatError>.failure(failure)) }) { first, _ in first }
        }
    }

    public func channel(named name: String) async throws -> Channel {
        guard case .channel(let channel) = try await call(.channelNamed(name)) else { throw unexpected() }
        return channel
    }

    public func unreadCount(in channel: ChannelID) async throws -> Int { try await count(.unreadCount(channel)) }

    public func permission(in channel: ChannelID) async -> SendPermission {
        guard case .permission(let permission)? = try? await call(.permission(channel)) else { return .denied(.notSignedIn) }
        return permission
    }

    public func latestMessages(in channel: ChannelID, limit: Int) async throws -> MessagePage {
        try await page(.latestMessages(channel, limit: limit))
    }

    public func olderMessages(in channel: ChannelID, before token: PageToken, limit: Int) async throws -> MessagePage {
        try await page(.olderMessages(channel, before: token, limit: limit))
    }

    public func imageData(_ image: ImageInfo) async throws -> Data {
        guard case .data(let data) = try await call(.imageData(image)) else { throw unexpected() }
        return data
    }

    public func fileData(_ file: FileInfo) async throws -> Data {
        guard case .data(let data) = try await call(.fileData(file)) else { throw unexpected() }
        return data
    }

    public func markRead(_ channel: ChannelID) async throws { try await done(.markRead(channel)) }

    public func conversations() async throws -> [ConversationSummary] {
        guard case .conversations(let list) = try await call(.conversations) else { throw unexpected() }
        return list
    }

    public func searchMembers(_ query: String) async throws -> [UserProfile] { try await profiles(.searchMembers(query)) }

    public func directChannel(with user: UserID) async throws -> ChannelID? {
        guard case .directChannel(let id) = try await call(.directChannel(with: user)) else { throw unexpected() }
        return id
    }

    public func activeChannels(since: Date, limit: Int) async throws -> [ChannelActivity] {
        guard case .activity(let list) = try await call(.activeChannels(since: since, limit: limit)) else { throw unexpected() }
        return list
    }

    public func profile(of user: UserID) async throws -> UserProfile {
        guard case .profile(let profile) = try await call(.profile(user)) else { throw unexpected() }
        return profile
    }

    public func messageCount(of user: UserID) async throws -> Int { try await count(.messageCount(user)) }

    public func recentMessages(by user: UserID, limit: Int) async throws -> [Message] {
        guard case .messages(let list) = try await call(.recentMessages(by: user, limit: limit)) else { throw unexpected() }
        return list
    }

    public func report(_ message: MessageID, in channel: ChannelID, reason: String) async throws {
        try await done(.report(message, in: channel, reason: reason))
    }

    public func block(_ user: UserID) async throws { try await done(.block(user)) }
    public func unblock(_ user: UserID) async throws { try await done(.unblock(user)) }
    public func blockedUsers() async throws -> [UserProfile] { try await profiles(.blockedUsers) }

    // MARK: Helpers

    private func signIn(_ request: Request) async throws -> Account {
        guard case .signedIn(let account, let token) = try await call(request) else { throw unexpected() }
        try keep(token: token)
        lastViewer.withLock { $0 = account.id }
        return account
    }

    private func account(_ request: Request) async throws -> Account {
        guard case .account(let account) = try await call(request) else { throw unexpected() }
        return account
    }

    private func count(_ request: Request) async throws -> Int {
        guard case .count(let count) = try await call(request) else { throw unexpected() }
        return count
    }

    func page(_ request: Request) async throws -> MessagePage {
        guard case .page(let page) = try await call(request) else { throw unexpected() }
        return page
    }

    private func profiles(_ request: Request) async throws -> [UserProfile] {
        guard case .profiles(let list) = try await call(request) else { throw unexpected() }
        return list
    }

    /// A request answered only with `.done`.
    func done(_ request: Request) async throws {
        guard case .done = try await call(request) else { throw unexpected() }
    }

    func unexpected() -> ChatError { .badResponse("the service answered another question") }
}
