/// Live changes, as typed events.
public protocol LiveEventsService: AnyObject, Sendable {
    /// A new stream of live changes. The listener is removed when the stream's consumer is cancelled.
    func events() -> AsyncStream<ChatEvent>

    /// The same changes for a listener on the main actor (the screens): `handler` gets each batch
    /// the backend publishes at once — a pushed message and the counts that came with it — in one
    /// hop to the main queue, until the listener is cancelled.
    func listenOnMain(_ handler: @escaping EventHub.MainHandler) -> LiveListener
}

/// A backend that can say how many `events()` streams are live, so tests can prove listeners
/// never pile up. Not part of `ChatService`: nothing in the product asks it.
public protocol ListenerCounting: AnyObject, Sendable {
    /// How many `events()` streams and main-actor listeners are live now.
    func liveListenerCount() async -> Int
}
