import FoundationEssentials

/// Moves one HTTP exchange. The client is written against this protocol so tests can count,
/// record or refuse requests without a network.
public protocol MatrixTransport: Sendable {
    /// Performs `request`; throws only when no usable HTTP response arrived: a `NetworkFailure`
    /// (connection refused, timeout, cancelled) or a `TransportFailure` (an answer over
    /// `request.answerLimit`, a TLS failure). Redirects are answers, never followed.
    func exchange(_ request: HTTPRequest) async throws -> (Data, HTTPResponse)
}
