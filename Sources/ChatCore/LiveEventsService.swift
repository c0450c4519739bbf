/// Live changes, as typed events.
public protocol LiveEventsService: AnyObject, Sendable {
    /// A new stream of live changes. The listener is removed when the stream's consumer is cancelled.
    func events() -> AsyncStream<ChatEvent>
}

/// A backend that can say how many `events()` streams are live, so tests can prove listeners
/// never pile up. Not part of `ChatService`: nothing in the product asks it.
public protocol ListenerCounting: AnyObject, Sendable {
    /// How many `events()` streams are live now.
    func liveListenerCount() async -> Int
}
