import ChatCore
import FoundationEssentials

/// An HTTP exchange started before anyone awaits its answer (`MatrixTransport.start`): the answer
/// is kept until it is asked for, or handed over the moment it comes to whoever already waits.
/// Started from a thread that must not suspend or wait for a new thread (a cold start's window
/// leaves from the main thread while libcurl loads, when no thread can be made).
public final class StartedExchange: Sendable {
    public typealias Answer = (Data, HTTPResponse)
    private typealias Waiter = CheckedContinuation<Answer, Error>

    private enum State {
        case pending(Waiter?)
        case answered(Result<Answer, Error>)
        /// The answer went to its one waiter.
        case handedOver
    }

    private let state = Mutex(State.pending(nil))
    private let cancelled = Mutex(false)
    private let onCancel = Mutex<(@Sendable () -> Void)?>(nil)

    public init() {}

    /// Whether `cancel` was called: a transfer in progress checks it to stop.
    public var isCancelled: Bool { cancelled.withLock { $0 } }

    /// What stops the work behind the answer when it is cancelled (set once, by who started it).
    public func whenCancelled(_ body: @escaping @Sendable () -> Void) {
        onCancel.withLock { $0 = body }
        if isCancelled { body() }
    }

    /// The exchange's outcome; the first one counts.
    public func finish(_ result: Result<Answer, Error>) {
        let waiter = state.withLock { state -> Waiter? in
            guard case .pending(let waiter) = state else { return nil }
            if let waiter {
                state = .handedOver
                return waiter
            }
            state = .answered(result)
            return nil
        }
        waiter?.resume(with: result)
    }

    /// The answer, once it has come. Awaited once; cancelling the awaiting task cancels the exchange.
    public func answer() async throws -> Answer {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (waiter: Waiter) in
                let ready = state.withLock { state -> Result<Answer, Error>? in
                    switch state {
                    case .pending:
                        state = .pending(waiter)
                        return nil
                    case .answered(let result):
                        state = .handedOver
                        return result
                    case .handedOver:
                        return .failure(NetworkFailure.cancelled)
                    }
                }
                if let ready { waiter.resume(with: ready) }
            }
        } onCancel: {
            cancel()
        }
    }

    /// Stops the exchange: its waiter (now or later) is answered `NetworkFailure.cancelled`.
    public func cancel() {
        cancelled.withLock { $0 = true }
        onCancel.withLock { $0 }?()
        finish(.failure(NetworkFailure.cancelled))
    }
}
