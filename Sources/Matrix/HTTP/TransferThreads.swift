import ChatCore
import Glibc

/// Threads for blocking transfers, kept for reuse. A thread started for each exchange cost a
/// clone, a fresh stack's page faults and an exit per request — several a second in a busy room
/// (each sync answer, each read marker's two requests). A thread that finished waits up to a
/// minute for the next transfer, then ends. No transfer ever waits for another: one is started
/// whenever no idle thread is there to take the new work (a long-poll holds its thread for 30 s).
final class TransferThreads: @unchecked Sendable {
    /// The process's one set, used by `CurlTransport`.
    static let shared = TransferThreads()
    /// How long a thread with nothing to do stays for the next transfer.
    static let idleSeconds = 60

    // All fields below are guarded by `mutex`.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var pending: [@Sendable () -> Void] = []
    /// Threads blocked waiting for work.
    private var idle = 0
    /// Threads alive, busy or idle.
    private var alive = 0

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    /// Runs `work` on a kept thread, or on a new one when none is idle.
    func run(_ work: @escaping @Sendable () -> Void) {
        pthread_mutex_lock(mutex)
        pending.append(work)
        // Each idle thread takes one piece of work; one more is needed when they are too few.
        let enoughIdle = idle >= pending.count
        if enoughIdle { pthread_cond_signal(condition) } else { alive += 1 }
        pthread_mutex_unlock(mutex)
        guard !enoughIdle else { return }
        if !DetachedThread.start(name: "tteok.transfer", { [self] in serve() }) {
            // No thread to be had: the work still runs (blocking this caller) rather than never.
            pthread_mutex_lock(mutex)
            alive -= 1
            let taken = pending.isEmpty ? nil : pending.removeLast()
            pthread_mutex_unlock(mutex)
            taken?()
        }
    }

    /// Starts a thread that waits for work now, before there is any: the first transfer then
    /// need not start one (a clone and a new stack's faults), and a thread started while libcurl
    /// loads would wait for the load (glibc's loader lock) anyway.
    func startOneAhead() {
        pthread_mutex_lock(mutex)
        alive += 1
        pthread_mutex_unlock(mutex)
        guard !DetachedThread.start(name: "tteok.transfer", { [self] in serve() }) else { return }
        pthread_mutex_lock(mutex)
        alive -= 1
        pthread_mutex_unlock(mutex)
    }

    /// How many threads wait for work.
    var idleCount: Int {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return idle
    }

    /// How many threads are alive, busy or idle.
    var threadCount: Int {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return alive
    }

    /// A kept thread's life: the work waiting, in order, then a wait for more, until a minute passes with none.
    private func serve() {
        pthread_mutex_lock(mutex)
        while true {
            if !pending.isEmpty {
                let work = pending.removeFirst()
                pthread_mutex_unlock(mutex)
                work()
                pthread_mutex_lock(mutex)
                continue
            }
            var deadline = timespec()
            clock_gettime(CLOCK_REALTIME, &deadline)
            deadline.tv_sec += Self.idleSeconds
            idle += 1
            let waited = pthread_cond_timedwait(condition, mutex, &deadline)
            idle -= 1
            if waited == ETIMEDOUT, pending.isEmpty { break }
        }
        alive -= 1
        pthread_mutex_unlock(mutex)
    }
}
