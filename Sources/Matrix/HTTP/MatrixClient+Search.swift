/// The server's full-text search, for history the cache has not seen.
extension MatrixClient {
    /// One batch of `room_events` results in `rooms`, newest first; `nextBatch` continues.
    func search(_ term: String, rooms: [String], limit: Int, nextBatch: String?) async throws -> SearchResponse.RoomEvents {
        let query = nextBatch.map { [(name: "next_batch", value: $0)] } ?? []
        let endpoint = try Endpoint.client(.post, "search", query: query).with(json: SearchRequest(term: term, rooms: rooms, limit: limit))
        let answer = try await call(endpoint, as: SearchResponse.self)
        return answer.search_categories.room_events ?? .init(results: [], next_batch: nil)
    }
}
