/// When a chat on screen sends its read marker while messages arrive: once the chat has been
/// quiet for a second, and at least every three seconds while messages keep coming. A lone
/// message is marked a second after it arrived; a burst (hundreds of messages a minute) costs a
/// marker — two requests, a cache write and the server's receipt echoed back in a sync answer —
/// every three seconds instead of every second, and the marker lands on the newest message a
/// second after the last one. Leaving the screen sends what is pending at once.
@MainActor
final class ReadMarkerPace {
    /// How long the chat stays quiet before the marker goes.
    static let quiet: Duration = .seconds(1)
    /// The longest a shown message waits for its marker while others keep arriving.
    static let longest: Duration = .seconds(3)

    private let send: @MainActor () async -> Void
    /// The first message shown since the last marker, and the newest one (nil: none waiting).
    private var firstWaiting: ContinuousClock.Instant?
    private var lastArrival: ContinuousClock.Instant?
    private var pending: Task<Void, Never>?

    init(send: @escaping @MainActor () async -> Void) {
        self.send = send
    }

    /// The chat appeared: everything shown is read now.
    func now() async {
        pending?.cancel()
        await fire()
    }

    /// A message arrived on screen. Not `async`: it only notes the time and starts the wait, and
    /// an async call per live message cost its own task frame and executor check.
    func arrived() {
        let now = ContinuousClock.now
        lastArrival = now
        if firstWaiting == nil { firstWaiting = now }
        guard pending == nil else { return }
        pending = Task { [weak self] in
            // Each arrival moves the quiet deadline on; the longest wait holds it in place.
            while let due = self?.due, ContinuousClock.now < due {
                try? await Task.sleep(until: due, clock: .continuous)
                if Task.isCancelled { return }
            }
            guard !Task.isCancelled else { return }
            await self?.fire()
        }
    }

    /// The chat is leaving the screen: a pending marker goes now; none is sent later.
    func flush() async {
        guard let pending else { return }
        pending.cancel()
        await fire()
    }

    /// When the waiting marker is due: a second after the newest arrival, at most three after the first.
    private var due: ContinuousClock.Instant? {
        guard let firstWaiting, let lastArrival else { return nil }
        return min(lastArrival + Self.quiet, firstWaiting + Self.longest)
    }

    private func fire() async {
        pending = nil
        firstWaiting = nil
        lastArrival = nil
        await send()
    }
}
