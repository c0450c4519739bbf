import ChatCore
import Dispatch
import FoundationEssentials
import Storage

/// `ChatService` on a Matrix homeserver, local-first.
///
/// A session's sync engine writes the `/sync` stream into a per-account SQLite cache; every
/// read comes from that cache (filled from the server on demand when it falls short), so
/// start-up draws cached rooms at once and reading works offline. Guests are read-only here
/// whatever the server allows: a guest's send is refused before any request.
public final class MatrixService: ChatService, ListenerCounting, EarlyResuming {
    let homeserver: URL
    let transport: MatrixTransport
    let sessionFile: SecretFile<MatrixSession>
    let cacheDirectory: URL
    let syncStart: SyncStart
    /// Whether signing in (log-in, sign-up) starts the session's sync (`init`).
    let syncsOnSignIn: Bool
    let hub = EventHub()
    private let current = Mutex<Active?>(nil)
    /// The guest registration in flight, so concurrent first reads start one guest, not several.
    private let guestStart = Mutex<Task<Void, Error>?>(nil)
    /// The saved session's resume in flight (`restoreSession`), so an early one and the screen's share it.
    let restoring = Mutex<Task<Void, Never>?>(nil)
    /// Opens when the resume's first request goes to the transport, or it knows none goes first.
    let startSent = OpenOnceGate()
    /// A cold start's window sent before the resume began (`sendFirstRequestNow`), for it to take.
    let earlyWindow = Mutex<(session: MatrixSession, window: SlidingWindowSource)?>(nil)

    /// What a live session holds. Replaced as a whole on log-in and log-out.
    struct Active: Sendable {
        let session: MatrixSession
        let client: MatrixClient
        let cache: MatrixCache
        let sync: SyncEngine
        let outbox: OutboxSender
        /// End-to-end encryption (nil for guests).
        let encryption: EncryptionSession?
        /// The public directory's reading in flight, shared by every read of the channel list.
        let directory = DirectoryRefresh()
        /// The badges' history fetches in flight, one per room.
        let historyFills = HistoryFills()

        var userID: String { session.userID }
        var isGuest: Bool { session.isGuest }
    }

    /// - Parameters:
    ///   - homeserver: base URL, e.g. `http://127.0.0.1:8008`.
    ///   - sessionFile: where the session is kept (0600), e.g. `Paths().stateDirectory/matrix-session.json`;
    ///     the device's keys are kept beside it (`KeyStoreLocation`), never in the cache.
    ///   - cacheDirectory: where per-account caches live, e.g. `Paths().cacheDirectory`.
    ///   - transport: the HTTP transport; tests pass one that records or injects faults.
    ///   - syncStart: how a session with nothing cached begins (a sliding-sync window where the
    ///     server offers it, by default).
    ///   - syncsOnSignIn: false for a process that signs in and ends (`tteok login`): the session
    ///     is saved and the profile read, and no sync starts. One started would be dropped at
    ///     exit while the server still worked out its first window (on an account in 1,000 rooms,
    ///     ~200 ms of its time, into the next client's start).
    public init(homeserver: URL, sessionFile: URL, cacheDirectory: URL, transport: MatrixTransport = CurlTransport(),
                syncStart: SyncStart = .standard, syncsOnSignIn: Bool = true) {
        self.syncStart = syncStart
        self.syncsOnSignIn = syncsOnSignIn
        self.homeserver = homeserver
        self.transport = transport
        self.sessionFile = SecretFile(url: sessionFile)
        self.cacheDirectory = cacheDirectory
        // libcurl and its thirty libraries are loaded on first use (`CurlLibrary`): loading them
        // now, on another thread, takes them off the first request's way.
        if transport is CurlTransport { CurlLibrary.loadAhead() }
    }

    /// Starts loading the real transport's library on another thread, ahead of making the
    /// service (`init` does it too): for a composition root that knows early that Matrix is coming.
    public static func loadTransportAhead() { CurlLibrary.loadAhead() }

    /// Waits for a load of the real transport's library still under way: a process calls it
    /// before it exits, which must not happen in the middle of that load (a crash).
    public static func finishLoadingTransport() { CurlLibrary.finishLoadInFlight() }

    deinit {
        current.withLock { active in
            active?.sync.stop()
            active?.outbox.stop()
        }
    }

    // MARK: Session plumbing

    /// The live session, if any.
    var active: Active? { current.withLock { $0 } }

    /// Makes `session` the live one: opens its cache and starts its single sync loop. `asked`:
    /// the start's sliding-sync source whose window is already on its way (`windowSentNow`);
    /// `syncing` false leaves the sync and the outbox unstarted (a script's sign-in).
    @discardableResult
    func begin(_ session: MatrixSession, window asked: SlidingWindowSource? = nil, syncing: Bool = true) throws -> Active {
        // A guest who logs in leaves nothing behind: guest caches are never resumed.
        if let previous = end(), previous.isGuest, previous.userID != session.userID {
            MatrixCache.remove(directory: cacheDirectory, homeserver: homeserver, userID: previous.userID)
        }
        // No cache file: nothing synced. The first window goes out now, while the cache is made
        // and the key store opened (on a cold start that was most of the client's wait).
        let window = asked ?? (syncing ? windowSentNow(for: session) : nil)
        let client = window?.client ?? MatrixClient(homeserver: homeserver, transport: transport, accessToken: session.accessToken)
        let source: any SyncSource
        switch syncStart {
        case .slidingWindow(let rooms, let page):
            source = window ?? SlidingWindowSource(client: client, userID: session.userID, window: rooms, page: page)
        case .fullSync: source = ClassicSyncSource(client: client)
        }
        let cache = try MatrixCache(directory: cacheDirectory, homeserver: homeserver, userID: session.userID)
        let keys = KeyStoreLocation.account(session.userID, on: homeserver, sessionFile: sessionFile.url)
        let encryption = EncryptionSession.open(for: session, keys: keys, client: client, cache: cache)
        let outbox = OutboxSender(client: client, cache: cache, encryption: encryption,
                                  onOutcome: { [weak self] outcome in await self?.publish(outcome, from: cache) })
        let sync = SyncEngine(source: source, cache: cache, encryption: encryption,
                              onOutcome: { [weak self] outcome in await self?.publish(outcome, from: cache) },
                              onConnection: { [weak self] state in
                                  self?.hub.publish(.connection(state))
                                  // Back online: the outbox need not wait out its own backoff.
                                  if state == .online { Task { await outbox.drain() } }
                              })
        outbox.sendsAfter(sync.firstAnswer)
        let active = Active(session: session, client: client, cache: cache, sync: sync, outbox: outbox, encryption: encryption)
        current.withLock { $0 = active }
        guard syncing else { return active }
        sync.start()
        // Whatever a previous run left in the outbox goes out now.
        Task { await outbox.drain() }
        return active
    }

    /// The sliding-sync source of a session with no cache file (nothing synced), its window asked
    /// for now, before anything else; nil when the session starts otherwise (a cache to go on
    /// from, or `.fullSync`). `startSent` opens when the window goes to the transport.
    func windowSentNow(for session: MatrixSession) -> SlidingWindowSource? {
        guard case .slidingWindow(let rooms, let page) = syncStart, startsWithWindow(session.userID) else { return nil }
        let client = MatrixClient(homeserver: homeserver, transport: transport, accessToken: session.accessToken)
        let sliding = SlidingWindowSource(client: client, userID: session.userID, window: rooms, page: page)
        sliding.askForWindowNow(sending: { [startSent] in startSent.open() })
        return sliding
    }

    /// Whether `userID`'s session starts with a sliding-sync window before anything else: it
    /// has no cache file (nothing synced) and the server may offer the window.
    func startsWithWindow(_ userID: String) -> Bool {
        guard case .slidingWindow = syncStart else { return false }
        return !MatrixCache.exists(directory: cacheDirectory, homeserver: homeserver, userID: userID)
    }

    /// Stops the live session's sync loop and forgets it (the saved file is the caller's business).
    @discardableResult
    func end() -> Active? {
        let ended = current.withLock { value -> Active? in
            defer { value = nil }
            return value
        }
        ended?.sync.stop()
        ended?.outbox.stop()
        return ended
    }

    /// The session for reading: the live one, or a new guest session when there is none.
    func reader() async throws -> Active {
        if let active { return active }
        let start = guestStart.withLock { task -> Task<Void, Error> in
            if let task { return task }
            let started = Task { [self] in
                defer { guestStart.withLock { $0 = nil } }
                if self.active == nil { try await continueAsGuest() }
            }
            task = started
            return started
        }
        try await start.value
        guard let active else { throw ChatError.denied(.notSignedIn) }
        return active
    }

    /// The session for writing: a member's. Guests and the signed-out are refused before any request.
    func member() throws -> Active {
        guard let active else { throw ChatError.denied(.notSignedIn) }
        if active.isGuest { throw ChatError.denied(.guest) }
        return active
    }

    /// Runs `body`, turning transport, server and storage failures into `ChatError`s.
    func mapped<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as MatrixError {
            throw error.chatError
        } catch let error as SQLiteError where error.isDiskFull {
            throw ChatError.diskFull
        } catch let error as SQLiteError {
            throw ChatError.storage(error.description)
        } catch let error as ChatError {
            throw error
        } catch {
            throw ChatError.storage(String(describing: error))
        }
    }

    // MARK: Live

    public func events() -> AsyncStream<ChatEvent> { hub.stream() }

    public func listenOnMain(_ handler: @escaping EventHub.MainHandler) -> LiveListener { hub.listenOnMain(handler) }

    public func liveListenerCount() async -> Int { hub.listenerCount }
}
