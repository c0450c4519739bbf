import ChatCore

extension CommandContext {
    /// The backend's relations (replies, edits, reactions, deletions), or a clear refusal where
    /// it has none yet (the embedded community).
    func relations() throws -> any RelationsService {
        guard let relations = service as? any RelationsService else {
            throw ChatError.unsupported("Replies, edits, reactions and deletions are not available on this backend yet.")
        }
        return relations
    }

    /// The backend's threads, or a clear refusal where it has none.
    func threads() throws -> any ThreadsService {
        guard let threads = service as? any ThreadsService else {
            throw ChatError.unsupported("Threads are not available on this backend.")
        }
        return threads
    }

    /// The signed-in member, the channel named `name`, and the backend's relations.
    func messageTarget(channel name: String) async throws -> (Channel, any RelationsService) {
        _ = try await requireMember()
        let relations = try relations()
        return (try await service.channel(named: name), relations)
    }
}
