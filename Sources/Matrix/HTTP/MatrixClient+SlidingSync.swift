import FoundationEssentials
import JSONScan
import MatrixCrypto

/// Simplified Sliding Sync (MSC4186) as Synapse serves it under its unstable prefix. Whether a
/// server offers it is learnt from the first request (a server without it refuses the path),
/// not from `/versions`: that was one more round trip before a cold start's first screen.
extension MatrixClient {
    static let slidingSyncFeature = "org.matrix.simplified_msc3575"

    /// One request, answered at once (no long-poll). `pos`: the connection's position from its
    /// previous answer, so the server sends only rooms it has not sent yet, or that changed.
    /// `started`: the same request, already under way (`startSlidingSync`).
    func slidingSync(_ request: SlidingSyncRequest, pos: String? = nil, started: StartedExchange? = nil) async throws -> SlidingSyncResponse {
        let endpoint = try Self.slidingSyncEndpoint(request, pos: pos)
        // Read by hand (`SlidingSyncReader`), not by JSONDecoder: the window is read before a cold
        // start's first frame. It repairs lone surrogates itself, as `call` has `LoneSurrogates` do.
        let data = try await perform(endpoint, started: started)
        do throws(JSONScanError) {
            return try SlidingSyncReader.read(data)
        } catch {
            throw MatrixError.malformed(endpoint: endpoint.summary, detail: error.description)
        }
    }

    /// Starts `request` (with no position) from the caller's thread, without suspending: a cold
    /// start's window, whose answer `slidingSync(request, started:)` reads.
    func startSlidingSync(_ request: SlidingSyncRequest) throws -> StartedExchange {
        try start(Self.slidingSyncEndpoint(request))
    }

    /// The request of `slidingSync` (tests read its raw answer).
    static func slidingSyncEndpoint(_ request: SlidingSyncRequest, pos: String? = nil) throws -> Endpoint {
        var query = [(name: "timeout", value: "0")]
        if let pos { query.append(("pos", pos)) }
        var endpoint = Endpoint(method: .post, segments: ["_matrix", "client", "unstable", slidingSyncFeature, "sync"], query: query)
        endpoint.body = try CanonicalJSON.data(request.json)
        endpoint.timeout = 60
        return endpoint
    }
}
