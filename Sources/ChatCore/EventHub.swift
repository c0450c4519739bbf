import FoundationEssentials

/// Fan-out of `ChatEvent`s to any number of `AsyncStream` listeners.
///
/// Both backends use it. A listener is removed the moment its stream terminates (the consuming
/// task was cancelled or the stream dropped), so the count of live listeners is exact.
public final class EventHub: Sendable {
    private let state = Mutex(State())

    private struct State {
        var nextID = 0
        var continuations: [Int: AsyncStream<ChatEvent>.Continuation] = [:]
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

    /// Delivers `event` to every live listener.
    public func publish(_ event: ChatEvent) {
        let targets = state.withLock { Array($0.continuations.values) }
        for continuation in targets { continuation.yield(event) }
    }

    public var listenerCount: Int { state.withLock { $0.continuations.count } }

    /// Ends every stream (log-out, close).
    public func finishAll() {
        let targets = state.withLock { state -> [AsyncStream<ChatEvent>.Continuation] in
            defer { state.continuations.removeAll() }
            return Array(state.continuations.values)
        }
        for continuation in targets { continuation.finish() }
    }
}
