/// When a chat on screen sends its read marker while messages arrive: at once when a second has
/// passed since the last one, else once when it has. A busy channel (20 messages a second) costs
/// one request a second instead of one per message, and the marker is never more than a second
/// behind what is shown. Leaving the screen sends what is pending at once.
@MainActor
final class ReadMarkerPace {
    static let interval: Duration = .seconds(1)

    private let send: @MainActor () async -> Void
    private var lastSent: ContinuousClock.Instant?
    private var pending: Task<Void, Never>?

    init(send: @escaping @MainActor () async -> Void) {
        self.send = send
    }

    /// The chat appeared: everything shown is read now.
    func now() async {
        pending?.cancel()
        await fire()
    }

    /// A message arrived on screen.
    func arrived() async {
        guard pending == nil else { return }
        guard let lastSent, ContinuousClock.now - lastSent < Self.interval else { return await fire() }
        let due = lastSent + Self.interval
        pending = Task { [weak self] in
            try? await Task.sleep(until: due, clock: .continuous)
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

    private func fire() async {
        pending = nil
        lastSent = .now
        await send()
    }
}
