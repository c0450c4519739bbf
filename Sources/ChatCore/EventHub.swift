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
    /// order they began to listen, on the main queue's next turn.
    public func publish(_ events: [ChatEvent]) {
        guard let onMain = yieldToStreams(events) else { return }
        DispatchQueue.main.async {
            MainActor.assumeIsolated { self.deliver(events, to: onMain) }
        }
    }

    /// As `publish`, but once `handsOnInline()` was called the main-actor listeners run on the
    /// calling thread in the main queue's turn, and this returns after them: a live message
    /// wakes the socket's reader thread alone, not also a worker of the main queue (a thread
    /// wake-up each, a fifth of a live message's CPU). The caller waits while the main actor is
    /// busy, so it must be a thread of its own (a connection's reader: it reads on once the
    /// screens took the events), never the main queue nor one the main actor waits for.
    public func publishWaiting(_ events: [ChatEvent]) {
        guard Self.inline.withLock({ $0 }) else { return publish(events) }
        dispatchPrecondition(condition: .notOnQueue(.main))
        guard let onMain = yieldToStreams(events) else { return }
        DispatchQueue.main.sync {
            MainActor.assumeIsolated { self.deliver(events, to: onMain) }
        }
    }

    /// Whether `publishWaiting` runs the listeners on its caller's thread.
    private static let inline = Mutex(false)

    /// Lets `publishWaiting` run main-actor listeners on the publishing thread. For a program
    /// whose main actor never blocks waiting for another thread (the terminal client: its main
    /// queue runs on dispatch's workers, every wait an `await`); tests keep the queued hop.
    public static func handsOnInline() {
        inline.withLock { $0 = true }
    }

    /// Hands `events` to every stream; the main-actor listeners to deliver them to, if any.
    private func yieldToStreams(_ events: [ChatEvent]) -> [Int]? {
        guard !events.isEmpty else { return nil }
        let (targets, onMain) = state.withLock { ($0.continuations.values.map { $0 }, $0.onMain.keys.sorted()) }
        for continuation in targets {
            for event in events { continuation.yield(event) }
        }
        return onMain.isEmpty ? nil : onMain
    }

    /// Runs the listeners `ids` still listening; what they put off (a redraw) runs in this hop.
    @MainActor private func deliver(_ events: [ChatEvent], to ids: [Int]) {
        MainTurn.run {
            for id in ids {
                self.state.withLock { $0.onMain[id] }?(events)
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
