import FoundationEssentials

/// Moves one HTTP exchange. The client is written against this protocol so tests can count,
/// record or refuse requests without a network.
public protocol MatrixTransport: Sendable {
    /// Performs `request`; throws only when no usable HTTP response arrived: a `NetworkFailure`
    /// (connection refused, timeout, cancelled) or a `TransportFailure` (an answer over
    /// `request.answerLimit`, a TLS failure). Redirects are answers, never followed.
    func exchange(_ request: HTTPRequest) async throws -> (Data, HTTPResponse)

    /// Returns once an exchange would start at once (its library loaded, found or not), without
    /// holding a thread meanwhile. A cold start's first request waits here, and only then tells
    /// the screen to set the terminal up (`MatrixService.resumeEarly`).
    func ready() async
}

extension MatrixTransport {
    /// Nothing to load: ready at once.
    public func ready() async {}
}
