import ChatCore
import FoundationEssentials
import Storage

/// The embedded community: `ChatService` on one shared SQLite file.
///
/// Several processes (and several instances in one process) may open the same file, each as
/// its own user with its own session file. The rules — guests read only, the posting rule,
/// blocks — are enforced here inside the write transaction, so a refusal stores nothing whoever
/// calls. Live events reach every `events()` stream for writes from this instance and, through
/// Storage's watcher, from other processes.
///
/// `retry` and `discard`: there is no outbox. A send is stored or refused before it returns, so a
/// stored message is already delivered (`retry` is a no-op) and cannot be taken back (`discard`
/// answers `.unsupported`).
public final class LocalCommunity: ChatService, ListenerCounting {
    /// Largest image accepted: 10 MiB.
    public static let imageLimit = ImageUpload.maximumByteCount
    /// Largest text message accepted, in UTF-8 bytes.
    public static let textLimit = 16 * 1024

    let database: Database
    let sessionFile: any SessionKeeping
    let access: CommunityAccess
    let hub = EventHub()
    let session = Mutex(SessionState.none)
    /// A guest's read positions (channel → seq). Guests have no account to store them with.
    let guestMarkers = Mutex([Int64: Int64]())
    /// Nil for a service session: the engine's `SharedLiveFeed` reads each commit once for all.
    private let feedObservation: Observation?

    /// Opens (creating and seeding if new) the community at `storeURL`; `sessionFile` is where
    /// this user's session token is kept (0600).
    public convenience init(storeURL: URL, sessionFile: URL) throws {
        let database: Database
        do {
            try StoreFile.prepare(storeURL)
            database = try Database(path: storeURL.path, migrations: CommunitySchema.migrations)
        } catch {
            throw StoreErrors.map(error)
        }
        try self.init(database: database, keeper: SessionFileKeeper(file: SecretFile(url: sessionFile)), access: .directFile)
    }

    /// One session on an open database: the service makes one per connection on its one file,
    /// without a feed of its own (`ownFeed` false).
    init(database: Database, keeper: any SessionKeeping, access: CommunityAccess, ownFeed: Bool = true) throws {
        self.database = database
        self.access = access
        sessionFile = keeper
        let feed: LiveFeed?
        do {
            try ChannelKeys.fillMissing(database)
            let (lastID, lastChange) = ownFeed ? try database.readSync(LiveFeed.positions) : (0, 0)
            feed = ownFeed ? LiveFeed(hub: hub, session: session, lastMessageID: lastID, lastChangeID: lastChange) : nil
        } catch {
            throw StoreErrors.map(error)
        }
        feedObservation = feed.map { feed in database.observe { change, connection in feed.handle(change, connection) } }
    }

    deinit {
        feedObservation?.cancel()
        hub.finishAll()
    }

    /// Reads on the store's queue; failures become `ChatError`.
    func read<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        do { return try await database.read(body) } catch { throw StoreErrors.map(error) }
    }

    /// Writes in one transaction on the store's queue; failures become `ChatError` and store nothing.
    @discardableResult
    func write<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        do { return try await database.write(body) } catch { throw StoreErrors.map(error) }
    }

    // MARK: Live

    public func events() -> AsyncStream<ChatEvent> { hub.stream() }

    public func listenOnMain(_ handler: @escaping EventHub.MainHandler) -> LiveListener { hub.listenOnMain(handler) }

    /// Tells this session's listeners of a change it made to what every session reads (the
    /// channels, the terms), only when it has a feed of its own: inside the service the shared feed sees the
    /// commit and tells every subscriber, this session's connection included, so telling it here
    /// too would push the change twice.
    func publishSharedChange(_ event: ChatEvent) {
        if feedObservation != nil { hub.publish(event) }
    }

    public func liveListenerCount() async -> Int { hub.listenerCount }
}
