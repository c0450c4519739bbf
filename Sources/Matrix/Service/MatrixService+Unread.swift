import ChatCore
import FoundationEssentials

/// Unread badges: the cache's rule (`CachedRoom.badge`), with a readable room's history fetched
/// first when none is cached.
extension MatrixService {
    public func unreadCount(in channel: ChannelID) async throws -> Int {
        guard let count = await unreadCounts(in: [channel])[channel] else { return 0 }
        return try count.get()
    }

    /// Every count in one read of the cache; only rooms whose history must be fetched first
    /// (readable, not joined, nothing cached) go to the server, together, and are read again.
    public func unreadCounts(in channels: [ChannelID]) async -> [ChannelID: Result<Int, ChatError>] {
        guard !channels.isEmpty else { return [:] }
        let rooms = channels.map(\.raw)
        let active: Active
        var found: [String: MatrixCache.CachedUnread]
        do {
            active = try await mapped { try await reader() }
            found = try await mapped { try await active.cache.unread(rooms) }
        } catch {
            let failure = Self.chatError(error)
            return Dictionary(channels.map { ($0, .failure(failure)) }, uniquingKeysWith: { first, _ in first })
        }
        let missing = found.filter { $0.value == .historyMissing }.map(\.key)
        var failures: [String: ChatError] = [:]
        if !missing.isEmpty {
            failures = await fetchHistory(of: missing, active)
            let filled = missing.filter { failures[$0] == nil }
            do {
                // Fetched and still nothing cached: nothing to count.
                for (room, count) in try await mapped({ try await active.cache.unread(filled) }) {
                    found[room] = count == .historyMissing ? .count(0) : count
                }
            } catch {
                for room in filled { failures[room] = Self.chatError(error) }
            }
        }
        var counts: [ChannelID: Result<Int, ChatError>] = [:]
        for channel in channels {
            if let failure = failures[channel.raw] {
                counts[channel] = .failure(failure)
            } else if case .count(let count)? = found[channel.raw] {
                counts[channel] = .success(count)
            }
        }
        return counts
    }

    /// The last messages of each room, fetched concurrently; the rooms that failed, with why.
    private func fetchHistory(of rooms: [String], _ active: Active) async -> [String: ChatError] {
        await withTaskGroup(of: (String, ChatError?).self) { group in
            for room in rooms {
                group.addTask { (room, await active.historyFills.fill(room) { await self.fetchHistory(of: room, active) }) }
            }
            var failures: [String: ChatError] = [:]
            for await (room, failure) in group { failures[room] = failure }
            return failures
        }
    }

    // The do/catch lives in a function of its own: in a task group's child closure a release
    // build (Swift 6.3.1) crashed ("pure virtual method called"; see `ChatService.unreadCounts`).
    private func fetchHistory(of room: String, _ active: Active) async -> ChatError? {
        do {
            try await mapped { try await fill(room, needed: 10, active) }
            return nil
        } catch {
            return Self.chatError(error)
        }
    }

    private static func chatError(_ error: any Error) -> ChatError {
        error as? ChatError ?? .storage(String(describing: error))
    }
}
