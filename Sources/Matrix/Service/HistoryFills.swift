import ChatCore

/// The history fetches a session's badges ask for, one per room at a time.
///
/// The channel list reads its badges again after every change — the window written, the
/// directory read, the viewer published — and a read that found a readable room with nothing
/// cached asked the server for that room's last messages even while an earlier read's ask for it
/// was still out. A read that comes while a room's fetch is in flight waits for that fetch instead.
final class HistoryFills: Sendable {
    private let running = Mutex<[String: Task<ChatError?, Never>]>([:])

    /// Runs `fetch` for `room`, or joins the fetch for it in flight; nil when it succeeded, else why not.
    func fill(_ room: String, _ fetch: @escaping @Sendable () async -> ChatError?) async -> ChatError? {
        let task = running.withLock { running -> Task<ChatError?, Never> in
            if let inFlight = running[room] { return inFlight }
            let started = Task { await fetch() }
            running[room] = started
            return started
        }
        let outcome = await task.value
        running.withLock { running in
            if running[room] == task { running[room] = nil }
        }
        return outcome
    }
}
