import ChatCore

/// My page: nickname, email, region, how many messages I posted and the rank that earns, my
/// messages newest first, and the people I blocked. Everything is re-read from the viewer on
/// every appearance; the blocked list also on every block change.
@MainActor
public final class ProfileModel: Lifecycle {
    public let changes: ChangeSignal
    public private(set) var viewer: Viewer = .guest
    /// `.loading` until the count arrived; the rank is never shown before.
    public private(set) var messageCount: Loadable<Int> = .loading
    /// My messages, newest first.
    public private(set) var myMessages: Loadable<[Message]> = .loading
    /// The people I blocked, by nickname; unblock them here.
    public private(set) var blocked: Loadable<[UserProfile]> = .loading
    /// Why the last edit failed.
    public private(set) var editError: String?

    /// My messages the page lists (it scrolls through them).
    static let recentLimit = 500

    private let service: any SessionService & ReadingService & SafetyService & LiveEventsService
    private let strings: Strings
    private let safety: SafetyModel
    private let live = LiveSubscription()

    init(context: ModelContext) {
        service = context.service
        strings = context.strings
        safety = context.safety
        changes = ChangeSignal(forwardingTo: context.changes)
    }

    public var displayName: String {
        if case .guest = viewer { return strings.guestName }
        return viewer.displayName
    }

    /// The rank title, only once the message count has arrived (and never for a guest).
    public var rankTitle: String? {
        guard case .member = viewer, let count = messageCount.value else { return nil }
        return strings.rankTitle(Rank(messageCount: count))
    }

    // MARK: Lifecycle

    public func load() async {
        await refresh()
    }

    public func willAppear() async {
        live.bind(to: service) { [weak self] event in await self?.handle(event) }
        await refresh()
    }

    public func didDisappear() async {
        live.cancel()
    }

    public func close() async {
        live.cancel()
        viewer = .guest
        messageCount = .loading
        myMessages = .loading
        blocked = .loading
        editError = nil
    }

    // MARK: Blocks

    /// Unblocks someone from the list; the list re-reads when the block change arrives.
    @discardableResult
    public func unblock(_ user: UserProfile) async -> Bool {
        await safety.unblock(user)
    }

    // MARK: Editing

    @discardableResult
    public func setNickname(_ nickname: String) async -> Bool {
        let nickname = nickname.trimmingWhitespaceAndNewlines()
        guard !nickname.isEmpty else { return failEdit(strings.nicknameEmpty) }
        return await edit(nickname: nickname, region: nil)
    }

    @discardableResult
    public func setRegion(_ region: String) async -> Bool {
        await edit(nickname: nil, region: region.trimmingWhitespaceAndNewlines())
    }

    private func edit(nickname: String?, region: String?) async -> Bool {
        do {
            viewer = .member(try await service.updateProfile(nickname: nickname, region: region))
            editError = nil
            changes.publish()
            return true
        } catch {
            return failEdit(strings.error(error))
        }
    }

    private func failEdit(_ message: String) -> Bool {
        editError = message
        changes.publish()
        return false
    }

    // MARK: Fetching

    private func handle(_ event: ChatEvent) async {
        switch event {
        case .viewerChanged:
            await refresh()
        case .blocksChanged:
            await refreshBlocked()
            changes.publish()
        case .messagesAdded(_, let added) where added.contains(where: viewer.owns):
            await refresh()
        default:
            break
        }
    }

    /// Re-reads the viewer, then count and messages together; one publish. A different viewer
    /// than the one shown starts from `.loading`, so nothing of the previous one is shown.
    private func refresh() async {
        let current = await service.viewer()
        if current.userID != viewer.userID {
            messageCount = .loading
            myMessages = .loading
            blocked = .loading
        }
        viewer = current
        guard let me = current.userID else {
            messageCount = .loaded(0)
            myMessages = .loaded([])
            blocked = .loaded([])
            return changes.publish()
        }
        await refreshBlocked()
        async let count = Self.capture { try await self.service.messageCount(of: me) }
        async let recent = Self.capture { try await self.service.recentMessages(by: me, limit: Self.recentLimit) }
        messageCount = await count.loadable(strings)
        myMessages = await recent.loadable(strings)
        changes.publish()
    }

    private func refreshBlocked() async {
        guard case .member = viewer else { return }
        blocked = await Self.capture { try await self.service.blockedUsers() }.loadable(strings)
    }

    nonisolated private static func capture<T: Sendable>(_ body: @Sendable () async throws -> T) async -> Result<T, any Error> {
        do { return .success(try await body()) } catch { return .failure(error) }
    }
}

extension Result where Failure == any Error {
    fileprivate func loadable(_ strings: Strings) -> Loadable<Success> {
        switch self {
        case .success(let value): return .loaded(value)
        case .failure(let error): return .failed(strings.error(error))
        }
    }
}
