import Foundation

/// Moves one HTTP exchange. The client is written against this protocol so tests can count,
/// record or refuse requests without a network.
public protocol MatrixTransport: Sendable {
    /// Performs `request`; throws (a `URLError`) only when no HTTP response arrived (connection
    /// refused, timeout, cancelled).
    func exchange(_ request: HTTPRequest) async throws -> (Data, HTTPResponse)
}
