import FoundationEssentials

extension MatrixClient {
    /// The newest `limit` replies of a thread, newest first, or those before the server's
    /// `from` batch (`GET /_matrix/client/v1/rooms/{id}/relations/{root}/m.thread`, spec v1.3):
    /// what a thread's view needs when its replies came before what is cached.
    func threadReplies(of root: String, in room: String, from batch: String? = nil, limit: Int) async throws -> MessagesResponse {
        var query = [("dir", "b"), ("limit", String(min(max(limit, 1), 1000)))]
        if let batch { query.append(("from", batch)) }
        let endpoint = Endpoint(method: .get, segments: ["_matrix", "client", "v1", "rooms", room, "relations", root, RelationType.thread],
                                query: query)
        return try await call(endpoint)
    }

    /// A threaded read receipt (`thread_id`, spec v1.4) at `event`, the thread's newest: the
    /// server's count for that thread clears and other clients see it read.
    func threadReceipt(room: String, event: String, thread root: String) async throws {
        _ = try await perform(Endpoint.client(.post, "rooms", room, "receipt", "m.read", event).with(json: ["thread_id": root]))
    }
}
