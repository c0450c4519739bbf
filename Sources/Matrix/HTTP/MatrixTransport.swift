import ChatCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Moves one HTTP exchange. The client is written against this protocol so tests can count,
/// record or refuse requests without a network.
public protocol MatrixTransport: Sendable {
    /// Performs `request`; throws only when no HTTP response arrived (connection refused, timeout, cancelled).
    func exchange(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)
}

/// The real transport: URLSession with no cookie store and no cache (tokens travel in headers only).
public final class URLSessionTransport: MatrixTransport {
    private let session: URLSession

    public init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        // Long-polls set their own per-request timeout; this is the ceiling for everything else.
        configuration.timeoutIntervalForRequest = 120
        session = URLSession(configuration: configuration)
    }

    deinit { session.invalidateAndCancel() }

    public func exchange(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        // A completion-handler task, so cancelling the Swift task (log-out stops the sync loop)
        // cancels the HTTP request at once instead of waiting out a 30 s long-poll.
        let box = TaskBox()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, HTTPURLResponse), Error>) in
                let task = session.dataTask(with: request) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else if let http = response as? HTTPURLResponse {
                        continuation.resume(returning: (data ?? Data(), http))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                box.set(task)
                task.resume()
            }
        } onCancel: {
            box.cancel()
        }
    }
}

/// Holds the running task so a cancellation arriving from another thread can reach it.
private final class TaskBox: Sendable {
    private let state = Mutex<(task: URLSessionDataTask?, cancelled: Bool)>((nil, false))

    func set(_ task: URLSessionDataTask) {
        let cancelled = state.withLock { value -> Bool in
            value.task = task
            return value.cancelled
        }
        if cancelled { task.cancel() }
    }

    func cancel() {
        let task = state.withLock { value -> URLSessionDataTask? in
            value.cancelled = true
            return value.task
        }
        task?.cancel()
    }
}
