import ChatCore
import Dispatch

/// libcurl's load, ahead of the first request and on a thread of its own: about thirty libraries,
/// 3–8 ms on a cold start, which the first request would otherwise wait for on its own thread.
/// What needs the library meanwhile is queued and run by the loading thread the moment it is
/// done (no thread of the cooperative pool is held, no extra hop follows the load).
extension CurlLibrary {
    /// Starts the load, once; calling it again does nothing.
    static func loadAhead() { _ = loadingAhead }

    /// Runs `body` with the library (nil when libcurl is not installed): at once when it is
    /// loaded, else on the loading thread as soon as it is. `body` must not block.
    static func whenLoaded(_ body: @escaping @Sendable (CurlLibrary?) -> Void) {
        loadAhead()
        let waits = loading.withLock { state -> Bool in
            guard !state.done else { return false }
            state.waiting.append(body)
            return true
        }
        if !waits { body(shared) }
    }

    private struct Loading {
        var done = false
        var waiting: [@Sendable (CurlLibrary?) -> Void] = []
    }

    private static let loading = Mutex(Loading())

    private static let loadingAhead: Void = DispatchQueue.global(qos: .userInitiated).async {
        let library = shared
        let waiting = loading.withLock { state -> [@Sendable (CurlLibrary?) -> Void] in
            state.done = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for body in waiting { body(library) }
    }
}
