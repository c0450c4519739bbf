import Dispatch
import FoundationEssentials

/// Wakes the database when another process may have committed, without busy polling.
///
/// It watches the `-wal` file and the database file through the process's one inotify instance
/// (`InotifyHub`): a commit appends WAL frames; a checkpoint writes the database file. A timer
/// is the fallback for anything inotify cannot see (other file systems, a WAL file that did not
/// exist yet, no inotify instance to be had). The signal only says "look": the database then
/// compares `PRAGMA data_version` to decide.
///
/// Its state is behind a lock: the timer and the hub's handler run on `queue`, but `cancel`
/// comes from whichever thread lets the database go.
final class ExternalChangeWatcher: @unchecked Sendable {
    private let paths: [String]
    private let queue: DispatchQueue
    private let signal: () -> Void
    private let hub: InotifyHub?
    private let slowPoll: TimeInterval
    private let fastPoll: TimeInterval
    private let lock = PThreadLock()
    // Guarded by `lock`.
    /// Path → its watch, so a watch dropped by the kernel (file deleted) is added again.
    private var watched: [String: InotifyHub.Registration] = [:]
    private var timer: DispatchSourceTimer?
    private var polling: TimeInterval = 0
    private var cancelled = false

    /// Starts watching. `signal` runs on `queue`. Without `hub` (or while it has no inotify
    /// instance) the timer polls every `fastPoll` seconds, with inotify every `slowPoll`.
    init(databasePath: String, queue: DispatchQueue, hub: InotifyHub?, slowPoll: TimeInterval, fastPoll: TimeInterval, signal: @escaping () -> Void) {
        self.paths = [databasePath + "-wal", databasePath]
        self.queue = queue
        self.signal = signal
        self.hub = hub
        self.slowPoll = slowPoll
        self.fastPoll = min(fastPoll, slowPoll)
        addMissingWatches()
        startTimer()
    }

    deinit { cancel() }

    func cancel() {
        lock.lock()
        cancelled = true
        timer?.cancel()
        timer = nil
        let registrations = watched.values
        watched = [:]
        lock.unlock()
        for registration in registrations { hub?.unwatch(registration) }
    }

    /// Watches the files that exist now; the timer retries the others (the WAL appears on first
    /// use) and a hub that had no instance to give. The hub never calls back while it is asked.
    private func addMissingWatches() {
        guard let hub else { return }
        lock.lock()
        defer { lock.unlock() }
        for path in paths where watched[path] == nil && !cancelled {
            let registration = hub.watch(path) { [weak self, queue] event in
                queue.async { [weak self] in self?.heard(event, on: path) }
            }
            if let registration { watched[path] = registration }
        }
    }

    private func heard(_ event: InotifyHub.Event, on path: String) {
        if case .dropped = event {
            lock.lock()
            watched[path] = nil
            lock.unlock()
        }
        signal()
    }

    /// Polls slowly while inotify watches the WAL, quickly when it cannot, so another process's
    /// commit is still seen within SPEC's second.
    private func startTimer() {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { [weak self] in
            self?.addMissingWatches()
            self?.reschedule()
            self?.signal()
        }
        lock.lock()
        self.timer = timer
        lock.unlock()
        reschedule()
        timer.resume()
    }

    private func reschedule() {
        lock.lock()
        defer { lock.unlock() }
        let wanted = watched[paths[0]] == nil ? fastPoll : slowPoll
        guard wanted != polling, let timer else { return }
        polling = wanted
        timer.schedule(deadline: .now() + wanted, repeating: wanted, leeway: .milliseconds(Int(wanted * 100)))
    }
}
