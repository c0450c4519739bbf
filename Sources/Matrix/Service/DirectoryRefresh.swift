import ChatCore
import FoundationEssentials

/// The readings of the public room directory a session makes, one at a time. Every read of the
/// channel list (each page the list draws, after each sync answer) asked for a reading behind
/// it: a cold start sent seven identical `GET /publicRooms` within seconds, each of them the
/// whole directory.
///
/// - A reading behind a cached answer (`inBackground`) is skipped while one is in flight or
///   queued, or while the last one is recent (`backgroundPause`: a few minutes). Every change
///   event re-reads the list, and with a 5 s pause a busy server (other accounts making public
///   rooms) had the client read the whole directory, up to 20 pages, and re-list its thousand
///   rooms every few seconds, a burst of messages included.
/// - A caller that needs the directory as it is now (`now`: a name not found) gets a reading
///   that began after its call: the one it starts, or — while one is in flight, which may
///   predate a room just made — the one queued behind it, shared by every caller that came
///   during the flight.
final class DirectoryRefresh: Sendable {
    /// How long after a finished reading a background refresh counts as done already: the
    /// directory changes when someone publishes a room, which a list can show minutes late (a
    /// name typed that is not cached still asks at once, through `now`).
    static let backgroundPause: Duration = .seconds(300)
    /// The same for Discover, whose whole point is finding rooms: opened, it reads the directory
    /// again unless the last reading is this recent.
    static let discoverPause: Duration = .seconds(30)

    typealias Reading = @Sendable () async throws -> Bool

    private struct State {
        var running: (id: Int, task: Task<Bool, Error>)?
        var queued: Task<Bool, Error>?
        var finished: ContinuousClock.Instant?
        var started = 0
    }

    private let state = Mutex(State())

    /// A reading that begins after this call; true when it changed the listing.
    func now(_ read: @escaping Reading) async throws -> Bool {
        try await state.withLock { state -> Task<Bool, Error> in
            if let queued = state.queued { return queued }
            guard let running = state.running?.task else { return start(read, in: &state) }
            let queued = Task { [self] in
                _ = try? await running.value
                let next = self.state.withLock { state -> Task<Bool, Error> in
                    state.queued = nil
                    return state.running?.task ?? start(read, in: &state)
                }
                return try await next.value
            }
            state.queued = queued
            return queued
        }.value
    }

    /// Starts a reading behind a cached answer unless one is in flight or queued or the last
    /// one finished less than `pause` ago; `changed` hears when this reading changed the listing.
    func inBackground(_ read: @escaping Reading, unlessWithin pause: Duration = backgroundPause,
                      changed: @escaping @Sendable () -> Void) {
        let started = state.withLock { state -> Task<Bool, Error>? in
            if state.running != nil || state.queued != nil { return nil }
            if let finished = state.finished, ContinuousClock.now - finished < pause { return nil }
            return start(read, in: &state)
        }
        guard let started else { return }
        Task {
            if (try? await started.value) == true { changed() }
        }
    }

    /// How many readings have begun, and whether one waits behind the one in flight (for tests).
    var readingsStarted: Int { state.withLock { $0.started } }
    var hasQueued: Bool { state.withLock { $0.queued != nil } }

    /// Called with the lock held: the task's own bookkeeping waits for it, so `running` is set
    /// before the task can clear it.
    private func start(_ read: @escaping Reading, in state: inout State) -> Task<Bool, Error> {
        state.started += 1
        let id = state.started
        let task = Task { [self] in
            defer {
                self.state.withLock { state in
                    if state.running?.id == id { state.running = nil }
                    state.finished = ContinuousClock.now
                }
            }
            return try await read()
        }
        state.running = (id, task)
        return task
    }
}
