import ChatCore
import FoundationEssentials
import Glibc

/// The one sync loop of a session. Each answer of its `SyncSource` (`/sync`, or a sliding-sync
/// window first) goes into the cache in one transaction, then to `onOutcome` for publishing. Failures back off exponentially with
/// jitter (capped) and report the connection state; cancellation (log-out) ends it at once.
final class SyncEngine: Sendable {
    typealias OutcomeHandler = @Sendable (SyncOutcome) async -> Void
    typealias ConnectionHandler = @Sendable (ConnectionState) -> Void

    /// Long-poll timeout, milliseconds.
    static let pollTimeout = 30_000
    /// The longest wait between failed attempts, seconds.
    static let longestBackoff = 30.0

    private let source: any SyncSource
    private let cache: MatrixCache
    private let onOutcome: OutcomeHandler
    private let onConnection: ConnectionHandler
    /// End-to-end encryption, for members (nil for guests, or when its store cannot open).
    private let encryption: EncryptionSession?
    private let task = Mutex<Task<Void, Never>?>(nil)
    /// Opens after the first answered (or failed) sync that the cache's position moved with, so
    /// first reads of a new session that need every room (scripts) can wait for it.
    let firstSync = OpenOnceGate()
    /// Opens after the first answer of any kind (a first window included): enough for a screen.
    let firstAnswer = OpenOnceGate()
    /// Opens once the first answer is read, before it is written (or when it failed): what it
    /// told of the account's own profile is then in the cache's `ownProfile`.
    let firstAnswerRead = OpenOnceGate()

    init(source: any SyncSource, cache: MatrixCache, encryption: EncryptionSession? = nil,
         onOutcome: @escaping OutcomeHandler, onConnection: @escaping ConnectionHandler) {
        self.encryption = encryption
        self.source = source
        self.cache = cache
        self.onOutcome = onOutcome
        self.onConnection = onConnection
    }

    func start() {
        task.withLock { task in
            guard task == nil else { return }
            task = Task { [self] in await run() }
        }
    }

    /// Stops the loop; the long-poll in flight is cancelled.
    func stop() {
        let running = task.withLock { task -> Task<Void, Never>? in
            defer { task = nil }
            return task
        }
        running?.cancel()
        firstSync.open()
        firstAnswer.open()
        firstAnswerRead.open()
    }

    private func run() async {
        var failures = 0
        var state: ConnectionState = .connecting
        onConnection(state)
        // Device keys (a new device whose log-in ended before they went out) are a write on the
        // server and fifty new one-time keys made here. The first screen neither waits for them
        // nor shares the server or the CPU with them: sent beside a cold start's first request,
        // they took Synapse's answer to the window from 125 ms to 210. They go out before the
        // first answer that speaks of keys is taken in (to-device messages, key counts, device
        // lists: a sliding-sync window has none, the `/sync` after it has), and from the third
        // turn on every turn publishes (or retries) before asking.
        var turns = 0
        // The position, read from the cache once and then kept here: `apply` writes each new one
        // in the same transaction as the answer's data, so the two never differ (a read per
        // answer cost a trip through the database's queue for every message of a busy room).
        var position = Position.unread
        while !Task.isCancelled {
            do {
                let since: String?
                switch position {
                case .unread: since = try await cache.syncToken()
                case .at(let token): since = token
                }
                position = .at(since)
                if turns > 1 { await encryption?.publishDeviceKeys() }
                // Until an answer proves the link, ask for one at once: a long-poll would leave
                // the status line on "connecting…" (and catching up waiting) for up to 30 s.
                let longPoll = since != nil && state == .online
                let batch = try await source.next(since: since, longPoll: longPoll)
                let sighting = since == nil ? sightOwnProfile(in: batch.response) : nil
                if batch.response.speaksOfKeys { await encryption?.publishDeviceKeys() }
                let prepared = await encryption?.prepare(batch.response)
                // A new cache's first answer is the first screen: its list and badges are read with the write.
                var outcome = try await cache.apply(prepared?.sync ?? batch.response, movingPosition: batch.movesPosition, adopting: sighting,
                                                    snapshottingFirstScreen: since == nil)
                outcome.fillsHistory = since == nil
                if batch.movesPosition { position = .at(batch.response.next_batch) }
                if let prepared, let encryption { outcome.decryptedInPlace = await encryption.finish(prepared) }
                failures = 0
                if state != .online {
                    state = .online
                    onConnection(state)
                }
                if batch.movesPosition { firstSync.open() }
                firstAnswer.open()
                await onOutcome(outcome)
                turns += 1
            } catch {
                if Task.isCancelled || (error as? MatrixError) == .cancelled { return }
                firstSync.open()
                firstAnswer.open()
                firstAnswerRead.open()
                if let matrix = error as? MatrixError, matrix.chatError == .denied(.notSignedIn) {
                    onConnection(.offline("the session has ended; log in again"))
                    return
                }
                failures += 1
                let delay = Self.backoff(afterFailures: failures)
                state = .reconnecting(afterSeconds: delay)
                onConnection(state)
                try? await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
            }
        }
    }

    /// What a cold start's first answer tells of the account's own profile, primed in the cache:
    /// it answers the viewer at once, while the answer is written with it.
    private func sightOwnProfile(in response: SyncResponse) -> OwnProfile? {
        guard !firstAnswerRead.isOpen else { return nil }
        let sighting = OwnProfile(sightedIn: response, me: cache.userID)
        if let sighting { cache.prime(sighting) }
        firstAnswerRead.open()
        return sighting
    }

    /// The cache's sync position as the loop knows it (nil token: nothing synced yet).
    private enum Position {
        case unread
        case at(String?)
    }

    /// 0.5 s, 1 s, 2 s … capped, each scaled by a random 50–100 % so clients do not retry in step.
    static func backoff(afterFailures failures: Int) -> Double {
        let base = min(longestBackoff, 0.5 * pow(2, Double(max(0, failures - 1))))
        return base * Double.random(in: 0.5...1.0)
    }
}
