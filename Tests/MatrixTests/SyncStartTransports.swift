import ChatCore
import Foundation
@testable import Matrix

/// The real transport with some requests held back until `release()` — by default the classic
/// `/sync`: what a slow initial sync of a large account looks like, so a test sees the first
/// window alone, without a race.
final class HeldSyncTransport: MatrixTransport {
    private let inner = CurlTransport()
    private let gate = OpenOnceGate()
    private let recorded = Mutex<[URL]>([])
    private let holding: @Sendable (URL) -> Bool

    init(holding: @escaping @Sendable (URL) -> Bool = { $0.path.hasSuffix("/v3/sync") }) {
        self.holding = holding
    }

    /// The paths asked, in order.
    var paths: [String] { urls.map(\.path) }
    /// The whole addresses asked (queries too), in order.
    var urls: [URL] { recorded.withLock { $0 } }

    func release() { gate.open() }

    func exchange(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        guard let url = request.url else { return try await inner.exchange(request) }
        recorded.withLock { $0.append(url) }
        if holding(url) { await gate.wait(seconds: 60) }
        return try await inner.exchange(request)
    }
}

/// The real transport, but the first sliding-sync request that carries a connection position
/// answers 400 `M_UNKNOWN_POS`, as a server does that restarted or expired the connection.
final class ForgetfulSlidingSyncTransport: MatrixTransport {
    private let inner = CurlTransport()
    private let forgotten = Mutex(false)
    private let recorded = Mutex<[URL]>([])

    var urls: [URL] { recorded.withLock { $0 } }

    func exchange(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        guard let url = request.url else { return try await inner.exchange(request) }
        recorded.withLock { $0.append(url) }
        let forget = url.path.contains("simplified_msc3575") && url.query?.contains("pos=") == true
            && forgotten.withLock { done in
                defer { done = true }
                return !done
            }
        guard forget else { return try await inner.exchange(request) }
        return (Data(#"{"errcode":"M_UNKNOWN_POS","error":"Unknown position"}"#.utf8), HTTPResponse(statusCode: 400))
    }
}

/// The real transport, but the sliding-sync path answers 404 `M_UNRECOGNIZED`, as a server does
/// that does not offer Simplified Sliding Sync (Synapse before 1.114, Dendrite, Conduit).
final class NoSlidingSyncTransport: MatrixTransport {
    private let inner = CurlTransport()
    private let recorded = Mutex<[String]>([])

    var paths: [String] { recorded.withLock { $0 } }

    func exchange(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        let path = request.url?.path ?? ""
        recorded.withLock { $0.append(path) }
        guard path.contains("simplified_msc3575") else { return try await inner.exchange(request) }
        return (Data(#"{"errcode":"M_UNRECOGNIZED","error":"Unrecognized request"}"#.utf8), HTTPResponse(statusCode: 404))
    }
}
