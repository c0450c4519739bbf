import ChatCore
import Foundation
@testable import Matrix

/// The real transport with the classic `/sync` held back until `release()`: what a slow initial
/// sync of a large account looks like, so a test sees the first window alone, without a race.
final class HeldSyncTransport: MatrixTransport {
    private let inner = CurlTransport()
    private let gate = OpenOnceGate()
    private let recorded = Mutex<[String]>([])

    /// The paths asked, in order.
    var paths: [String] { recorded.withLock { $0 } }

    func release() { gate.open() }

    func exchange(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        let path = request.url?.path ?? ""
        recorded.withLock { $0.append(path) }
        if path.hasSuffix("/v3/sync") { await gate.wait(seconds: 60) }
        return try await inner.exchange(request)
    }
}

/// The real transport, but `/versions` answers without `unstable_features`: a server that does
/// not offer Simplified Sliding Sync.
final class NoSlidingSyncTransport: MatrixTransport {
    private let inner = CurlTransport()
    private let recorded = Mutex<[String]>([])

    var paths: [String] { recorded.withLock { $0 } }

    func exchange(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        let path = request.url?.path ?? ""
        recorded.withLock { $0.append(path) }
        let (data, response) = try await inner.exchange(request)
        guard path.hasSuffix("/client/versions"),
              var object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return (data, response) }
        object["unstable_features"] = nil
        return (try JSONSerialization.data(withJSONObject: object), response)
    }
}
