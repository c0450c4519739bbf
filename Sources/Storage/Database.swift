import CSQLite
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// A SQLite database file: one connection on one serial queue, migrated on open, in WAL mode with
/// a busy timeout, publishing a typed change after every commit (never on rollback) and noticing
/// other processes' commits.
///
/// Every use of the connection runs on the queue: the async `read`/`write` hop onto it without
/// blocking the caller's thread; the `…Sync` forms block and may be nested inside each other.
public final class Database: @unchecked Sendable {
    /// How the file is opened.
    public struct Configuration: Sendable {
        /// How long a write waits for another connection's lock (SQLite's busy handler).
        public var busyTimeoutMilliseconds: Int32 = 5_000
        /// How long `BEGIN IMMEDIATE` keeps retrying `SQLITE_BUSY` beyond the busy handler.
        public var writeRetrySeconds: TimeInterval = 30
        /// Watch for other processes' commits (inotify on the WAL, plus the slow poll below).
        public var observesOtherProcesses = true
        /// Where inotify watches on the WAL and database files are kept: the process's one
        /// instance; nil leaves only the poll (file systems inotify cannot see; tests of the poll).
        public var inotify: InotifyHub? = .shared
        /// The fallback poll of `PRAGMA data_version`, for commits inotify cannot see.
        public var fallbackPollSeconds: TimeInterval = 2
        /// The poll while the WAL has no inotify watch (none to be had, or `inotify` nil):
        /// often enough that another process's message still shows within SPEC's 1 s.
        public var pollSecondsWithoutInotify: TimeInterval = 0.5
        /// SQLite's page cache for this connection, in KiB (SQLite's default is 2,000). A chat
        /// client reads a page of messages through an index at a time and the kernel's page cache
        /// keeps the file warm, so a small cache costs nothing measurable and saves resident
        /// memory (tteok-bench: resident memory on the 1M store).
        public var cacheKilobytes = 256
        /// Which rows each commit touched, for `observe`: an SQLite update hook into Swift for every
        /// row written. A database nothing observes (a cache only its own process writes) leaves it
        /// off: a cold start's window wrote ~700 rows, each one recorded for no one.
        public var recordsRowChanges = true
        /// Whether a file created by this open is synced to disk while its schema is made. A
        /// file that can be rebuilt from elsewhere (the Matrix cache, which the server refills)
        /// leaves it off: a cold start makes its cache while the server answers its first
        /// request, and a new file took six syncs (its journal, WAL and folder) on the disk a
        /// local server commits to as well. A crash of the machine in that moment can leave the
        /// new file unreadable; the owner opening it starts a new one (`MatrixCache`). Once made,
        /// the file syncs as any other.
        public var syncsWhileCreating = true

        public init() {}
    }

    public let path: String
    let configuration: Configuration
    let queue: DispatchQueue
    private let queueKey = DispatchSpecificKey<UInt8>()
    // The fields below are touched only on `queue`.
    let connection: Connection
    private var dataVersion: Int64 = 0
    private var followUpPending = false
    private var watcher: ExternalChangeWatcher?
    let observers = ObserverList()
    /// How many write transactions this handle has committed: a value read from the database
    /// after the `n`-th is still what a read would see while this is `n` (only this handle's
    /// writes are counted; another process's show in `observe`).
    private let commits = Synchronization.Mutex<Int>(0)

    /// How many write transactions this handle has committed so far.
    public var committedWrites: Int { commits.withLock { $0 } }

    /// Opens (creating if needed) the file at `path` and applies any missing `migrations`.
    public init(path: String, migrations: [Migration] = [], configuration: Configuration = Configuration()) throws {
        self.path = path
        self.configuration = configuration
        self.queue = DispatchQueue(label: "tteok.storage.\(URL(fileURLWithPath: path).lastPathComponent)")
        queue.setSpecific(key: queueKey, value: 1)
        let unsynced = !configuration.syncsWhileCreating && Self.isEmptyOrAbsent(path)
        connection = try Connection(path: path, recordingChanges: configuration.recordsRowChanges)
        try configure(unsynced: unsynced)
        try Migrator.migrate(self, steps: migrations)
        if unsynced { try connection.execute("PRAGMA synchronous = NORMAL") }
        try queue.sync { dataVersion = try currentDataVersion() }
        if configuration.observesOtherProcesses { startWatching() }
    }

    deinit { watcher?.cancel() }

    /// Unsynced, the file is so from before the switch to WAL: on a new file that is its first write.
    private func configure(unsynced: Bool) throws {
        connection.setBusyTimeout(milliseconds: configuration.busyTimeoutMilliseconds)
        if unsynced { try connection.execute("PRAGMA synchronous = OFF") }
        try retryingBusy { _ = try connection.scalar("PRAGMA journal_mode = WAL") }
        try connection.execute("PRAGMA synchronous = \(unsynced ? "OFF" : "NORMAL"); PRAGMA foreign_keys = ON; PRAGMA cache_size = -\(configuration.cacheKilobytes)")
    }

    /// A file SQLite will create the database in: none yet, or an empty one made by its owner.
    private static func isEmptyOrAbsent(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) != 0 || status.st_size == 0
    }

    // MARK: Running on the queue

    /// Runs `body` on the queue; inline when already there, so calls may nest.
    func onQueue<T>(_ body: () throws -> T) rethrows -> T {
        if DispatchQueue.getSpecific(key: queueKey) != nil { return try body() }
        return try queue.sync(execute: body)
    }

    /// Reads inside one read transaction, so several statements see the same snapshot.
    public func readSync<T>(_ body: (Connection) throws -> T) throws -> T {
        try onQueue { try connection.inReadTransaction { try body(connection) } }
    }

    /// Writes inside one `BEGIN IMMEDIATE` transaction; publishes what it touched after commit.
    @discardableResult
    public func writeSync<T>(_ body: (Connection) throws -> T) throws -> T {
        try onQueue { try performWrite(body) }
    }

    /// Reads on the queue without blocking the calling thread.
    public func read<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try self.readSync(body) }) }
        }
    }

    /// Writes on the queue without blocking the calling thread.
    @discardableResult
    public func write<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try self.writeSync(body) }) }
        }
    }

    // MARK: Transactions

    private func performWrite<T>(_ body: (Connection) throws -> T) throws -> T {
        // A write inside a write (or a read) would fail to BEGIN and then roll back the outer one.
        guard !connection.isInTransaction else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "a write cannot start inside another transaction", sql: nil)
        }
        try retryingBusy { try connection.execute("BEGIN IMMEDIATE") }
        _ = connection.recorder.take()
        let value: T
        do {
            value = try body(connection)
            try connection.execute("COMMIT")
            commits.withLock { $0 += 1 }
        } catch {
            if connection.isInTransaction { try? connection.execute("ROLLBACK") }
            _ = connection.recorder.take()
            throw error
        }
        let touched = connection.recorder.take()
        if !touched.isEmpty { notify(.committed(touched)) }
        return value
    }

    /// Retries `SQLITE_BUSY` beyond the busy handler: in WAL mode a few lock waits (recovery,
    /// a checkpoint) return BUSY at once, and many writers can exhaust the handler's budget.
    private func retryingBusy(_ body: () throws -> Void) throws {
        let deadline = Date().addingTimeInterval(configuration.writeRetrySeconds)
        while true {
            do {
                return try body()
            } catch let error as SQLiteError where error.isBusy && Date() < deadline {
                usleep(UInt32.random(in: 1_000...10_000))
            }
        }
    }

    // MARK: Publishing

    /// Calls every observer still registered, on the queue, outside any transaction.
    func notify(_ change: DatabaseChange) {
        for id in observers.ids {
            observers.handler(id)?(change, connection)
        }
    }

    // MARK: Other processes

    private func currentDataVersion() throws -> Int64 {
        try connection.scalar("PRAGMA data_version").int64 ?? 0
    }

    private func startWatching() {
        let watcher = ExternalChangeWatcher(
            databasePath: path, queue: queue, hub: configuration.inotify,
            slowPoll: configuration.fallbackPollSeconds, fastPoll: configuration.pollSecondsWithoutInotify
        ) { [weak self] in
            self?.externalSignal()
        }
        queue.sync { self.watcher = watcher }
    }

    /// A WAL write was seen. The writer makes its commit visible (wal-index header) just after
    /// writing the frames, so a check now can be too early: follow-up checks shortly after (2 ms,
    /// then 25 ms for a writer slowed down) catch it. Bursts share the pending follow-ups.
    private func externalSignal() {
        checkExternalChanges()
        guard !followUpPending else { return }
        followUpPending = true
        followUp(after: [2, 23])
    }

    private func followUp(after delays: [Int]) {
        guard let delay = delays.first else {
            followUpPending = false
            return
        }
        queue.asyncAfter(deadline: .now() + .milliseconds(delay)) { [weak self] in
            self?.checkExternalChanges()
            self?.followUp(after: Array(delays.dropFirst()))
        }
    }

    /// Publishes `.external` when another connection committed since the last look.
    /// `data_version` changes only for other connections' commits, never for our own.
    func checkExternalChanges() {
        guard let version = try? currentDataVersion(), version != dataVersion else { return }
        dataVersion = version
        notify(.external)
    }
}
