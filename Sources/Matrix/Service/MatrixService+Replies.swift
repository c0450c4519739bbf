import ChatCore
import FoundationEssentials

/// The originals that replies quote: fetched by id when they are not in the cache.
extension MatrixService {
    /// Originals fetched at most per read, so a page of replies to old messages stays quick.
    static let quotedFetchLimit = 20

    /// Runs `read`; when its events quote originals the cache lacks, fetches those from the server
    /// (`/rooms/{id}/event/{eventId}`), keeps them, and reads again. Offline, or when the read
    /// fails, the events are returned as they are (their quotes say "unavailable").
    func withQuotedParents(_ room: String, _ active: Active, _ read: () async throws -> [CachedEvent]) async -> [CachedEvent] {
        guard let events = try? await read() else { return [] }
        let missing = Set(events.compactMap { $0.relations.parent == .notCached ? $0.replyTo : nil }).sorted()
        guard !missing.isEmpty else { return events }
        for id in missing.prefix(Self.quotedFetchLimit) { await fetchQuoted(id, in: room, active) }
        return (try? await read()) ?? events
    }

    private func fetchQuoted(_ id: String, in room: String, _ active: Active) async {
        do {
            let event = try await active.client.event(id, in: room)
            try await active.cache.storeQuoted(event, id: id, room: room)
        } catch MatrixError.api(let status, _, _, _) where status == 404 || status == 403 {
            // The server will not give it (unknown, or from before the viewer could see the room).
            try? await active.cache.storeQuoted(nil, id: id, room: room)
        } catch {
            // Unreachable or broken: asked again on the next read.
        }
    }
}

extension Array {
    /// Nil when empty: a re-read that failed leaves the first read in place.
    var nonEmpty: Self? { isEmpty ? nil : self }
}
