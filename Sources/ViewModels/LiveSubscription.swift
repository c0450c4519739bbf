import ChatCore

/// One live `events()` stream of a screen, bound at most once at a time.
///
/// Screens bind in `willAppear` and cancel in `didDisappear`/`close`; binding an already bound
/// subscription does nothing, so appearing a hundred times still leaves one listener.
@MainActor
final class LiveSubscription {
    private var task: Task<Void, Never>?

    var isBound: Bool { task != nil }

    /// Starts listening unless already listening. The stream is created here, synchronously, so
    /// the backend counts the listener from this moment on.
    func bind(to service: any LiveEventsService, _ handle: @escaping @MainActor (ChatEvent) async -> Void) {
        guard task == nil else { return }
        let stream = service.events()
        task = Task { @MainActor in
            for await event in stream {
                await handle(event)
            }
        }
    }

    /// Stops listening; the backend drops the listener when the stream ends.
    func cancel() {
        task?.cancel()
        task = nil
    }
}
