import FoundationEssentials

/// Moves one HTTP exchange. The client is written against this protocol so tests can count,
/// record or refuse requests without a network.
public protocol MatrixTransport: Sendable {
    /// Performs `request`; throws only when no usable HTTP response arrived: a `NetworkFailure`
    /// (connection refused, timeout, cancelled) or a `TransportFailure` (an answer over
    /// `request.answerLimit`, a TLS failure). Redirects are answers, never followed.
    func exchange(_ request: HTTPRequest) async throws -> (Data, HTTPResponse)

    /// Starts `request` from the caller's thread without suspending, its answer awaited later
    /// through the result (the same outcomes as `exchange`). A cold start's window leaves this way
    /// from the main thread while libcurl loads: a task would need a new thread, and none can be
    /// made until the load is done (glibc's loader lock).
    func start(_ request: HTTPRequest) -> StartedExchange

    /// Calls `body` once an exchange would start at once (its library loaded, found or not),
    /// without holding a thread meanwhile. A cold start's first request waits for this, and only
    /// then tells the screen to set the terminal up (`MatrixService.resumeEarly`).
    func whenReady(_ body: @escaping @Sendable () -> Void)
}

extension MatrixTransport {
    /// Started by a task of its own.
    public func start(_ request: HTTPRequest) -> StartedExchange {
        let started = StartedExchange()
        let task = Task {
            do { started.finish(.success(try await exchange(request))) } catch { started.finish(.failure(error)) }
        }
        started.whenCancelled { task.cancel() }
        return started
    }

    /// Nothing to load: ready at once.
    public func whenReady(_ body: @escaping @Sendable () -> Void) { body() }
}
