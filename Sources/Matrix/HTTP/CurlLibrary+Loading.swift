import ChatCore
import Dispatch

/// libcurl's load, ahead of the first request and on a thread of its own: about thirty libraries,
/// 3–8 ms on a cold start, which the first request would otherwise wait for on its own thread.
/// What needs the library meanwhile is queued and run by the loading thread the moment it is
/// done (no thread of the cooperative pool is held, no extra hop follows the load).
extension CurlLibrary {
    /// Starts the load, once; calling it again does nothing.
    static func loadAhead() {
        loading.withLock { $0.started = true }
        _ = loadingAhead
    }

    /// Returns once a load that was started is done (at once when none was). The process must
    /// not exit meanwhile: its exit handlers free what OpenSSL's initialization, under way on
    /// the loading thread, still uses (`tteok --homeserver URL` with a usage error crashed in
    /// one exit of forty).
    static func finishLoadInFlight() {
        guard loading.withLock({ $0.started && !$0.done }) else { return }
        let finished = DispatchSemaphore(value: 0)
        whenLoaded(.afterTransfers) { _ in finished.signal() }
        finished.wait()
    }

    /// Runs `body` with the library (nil when libcurl is not installed): at once when it is
    /// loaded, else on the loading thread as soon as it is. `body` must not block. A transfer's
    /// start is `.transfer`; what only waits for the load is `.afterTransfers`, run once the
    /// transfers waiting with it have their threads (the cold start's terminal set-up must not
    /// take the CPU from its window's request).
    static func whenLoaded(_ order: Order = .transfer, _ body: @escaping @Sendable (CurlLibrary?) -> Void) {
        loadAhead()
        let waits = loading.withLock { state -> Bool in
            guard !state.done else { return false }
            state.waiting[order == .transfer ? 0 : 1].append(body)
            return true
        }
        if !waits { body(shared) }
    }

    enum Order { case transfer, afterTransfers }

    private struct Loading {
        var started = false
        var done = false
        /// The transfers, then what runs after them.
        var waiting: [[@Sendable (CurlLibrary?) -> Void]] = [[], []]
    }

    private static let loading = Mutex(Loading())

    private static let loadingAhead: Void = DispatchQueue.global(qos: .userInitiated).async {
        TransferThreads.shared.startOneAhead()
        let library = shared
        let waiting = loading.withLock { state -> [@Sendable (CurlLibrary?) -> Void] in
            state.done = true
            defer { state.waiting = [[], []] }
            return state.waiting.flatMap { $0 }
        }
        for body in waiting { body(library) }
    }
}
