import FoundationEssentials

/// Simplified Sliding Sync (MSC4186) as Synapse serves it under its unstable prefix.
extension MatrixClient {
    static let slidingSyncFeature = "org.matrix.simplified_msc3575"

    /// True when `/versions` lists the feature as on.
    func offersSlidingSync() async throws -> Bool {
        var endpoint = Endpoint.client(.get, "versions")
        endpoint.segments = ["_matrix", "client", "versions"]
        endpoint.authenticated = false
        endpoint.answerLimit = Endpoint.smallAnswerLimit
        let versions = try await call(endpoint, as: VersionsResponse.self)
        return versions.unstable_features?[Self.slidingSyncFeature] == true
    }

    /// One request, answered at once (no long-poll). `pos`: the connection's position from its
    /// previous answer, so the server sends only rooms it has not sent yet, or that changed.
    func slidingSync(_ request: SlidingSyncRequest, pos: String? = nil) async throws -> SlidingSyncResponse {
        var query = [(name: "timeout", value: "0")]
        if let pos { query.append(("pos", pos)) }
        var endpoint = try Endpoint(method: .post, segments: ["_matrix", "client", "unstable", Self.slidingSyncFeature, "sync"],
                                    query: query).with(json: request)
        endpoint.timeout = 60
        return try await call(endpoint)
    }
}

struct VersionsResponse: Decodable, Sendable {
    var unstable_features: [String: Bool]?

    enum CodingKeys: String, CodingKey { case unstable_features }

    init(from decoder: Decoder) throws {
        // A feature map with a non-boolean value offers nothing rather than failing the answer.
        unstable_features = try? decoder.container(keyedBy: CodingKeys.self).decodeIfPresent([String: Bool].self, forKey: .unstable_features)
    }
}
