import Dispatch
import FoundationEssentials

/// Fan-out of `ChatEvent`s to any number of listeners: `AsyncStream`s, and listeners on the main
/// actor (`listenOnMain`) that are handed each published batch in one hop to the main queue.
///
/// Every backend uses it. A listener is removed the moment its stream terminates (the consuming
/// task was cancelled or the stream dropped) or its `LiveListener` is cancelled, so the count of
/// live listeners is exact.
public final class EventHub: Sendable {
    private let state = Mutex(State())

    /// A handler on the main actor, given the events of one publish in their order.
    public typealias MainHandler = @Sendable @MainActor ([ChatEvent]) -> Void

    private struct State {
        var nextID = 0
        var continuations: [Int: AsyncStream<ChatEvent>.Continuation] = [:]
        var onMain: [Int: MainHandler] = [:]
    }

    public init() {}

    /// A new listener.
    public func stream() -> AsyncStream<ChatEvent> {
        let (stream, continuation) = AsyncStream<ChatEvent>.makeStream(bufferingPolicy: .bufferingNewest(4096))
        let id = state.withLock { state -> Int in
            state.nextID += 1
            state.continuations[state.nextID] = continuation
            return state.nextID
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    /// A new listener on the main actor, counted from now until the returned listener is
    /// cancelled. Every listener of the screen shares one hop per publish: a stream each cost
    /// each listener two thread wake-ups per event (to the global executor, then to the main
    /// actor), most of a live message's cost in the terminal client.
    public func listenOnMain(_ handler: @escaping MainHandler) -> LiveListener {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            state.onMain[state.nextID] = handler
            return state.nextID
        }
        return LiveListener { [weak self] in self?.state.withLock { _ = $0.onMain.removeValue(forKey: id) } }
    }

    /// Delivers `event` to every live listener.
    public func publish(_ event: ChatEvent) {
        publish([event])
    }

    /// Delivers `events`, in order, to every live listener: a stream gets them one by one, each
    /// main-actor listener (those listening now and still listening then) all at once, in the
    /// order they began to listen.
    public func publish(_ events: [ChatEvent]) {
        guard !events.isEmpty else { return }
        let (targets, onMain) = state.withLock { ($0.continuations.values.map { $0 }, $0.onMain.keys.sorted()) }
        for continuation in targets {
            for event in events { continuation.yield(event) }
        }
        guard !onMain.isEmpty else { return }
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                for id in onMain {
                    self.state.withLock { $0.onMain[id] }?(events)
                }
            }
        }
    }

    public var listenerCount: Int { state.withLock { $0.continuations.count + $0.onMain.count } }

    /// Ends every stream and drops every main-actor listener (log-out, close).
    public func finishAll() {
        let targets = state.withLock { state -> [AsyncStream<ChatEvent>.Continuation] in
            defer {
                state.continuations.removeAll()
                state.onMain.removeAll()
            }
            return Array(state.continuations.values)
        }
        for continuation in targets { continuation.finish() }
    }
}

/// A main-actor listener of live events; it stops listening when cancelled (or released).
public final class LiveListener: Sendable {
    private let stop: Mutex<(@Sendable () -> Void)?>

    public init(stop: @escaping @Sendable () -> Void) {
        self.stop = Mutex(stop)
    }

    /// Stops listening; nothing is delivered after this returns on the main actor.
    public func cancel() {
        stop.withLock { stop in defer { stop = nil }; return stop }?()
    }

    deinit { cancel() }
}
