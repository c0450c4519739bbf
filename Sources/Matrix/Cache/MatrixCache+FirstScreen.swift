import Storage

/// The channel list and its badges, read in the same trip through the database's queue as the
/// write of a cold start's first answer.
///
/// The screen waits for that answer, then reads the list and then the badges: two more trips
/// through the queue, each a wake of its thread, between the write and the first complete
/// frame. Read with the write, on the same connection and by the same queries, they answer the
/// screen's reads at once — for as long as nothing has been written since. The next write
/// (any, to any table) retires them, so nothing is ever answered that a read would not give.
struct FirstScreenSnapshot: Sendable {
    /// The database's committed writes when it was read: valid while that count holds.
    let writes: Int
    let listing: MatrixCache.Listing
    let counts: [String: MatrixCache.CachedUnread]

    /// The badges of `rooms`, when every one of them was read.
    func unread(_ rooms: [String]) -> [String: MatrixCache.CachedUnread]? {
        var found: [String: MatrixCache.CachedUnread] = [:]
        for room in rooms {
            guard let count = counts[room] else { return nil }
            found[room] = count
        }
        return found
    }
}

extension MatrixCache {
    /// Reads the listing and every listed room's badge inside the write under way (its own
    /// changes included), as `listing` and `unread` would once it is committed.
    static func firstScreenSnapshot(me: String, writesAfterCommit: Int, in connection: Connection) throws -> FirstScreenSnapshot {
        let listing: Listing = (try listedRooms(in: connection), try listingSpaces(in: connection), try directRooms(in: connection))
        return FirstScreenSnapshot(writes: writesAfterCommit, listing: listing,
                                   counts: try unread(listing.rooms.map(\.id), me: me, in: connection))
    }

    /// The snapshot while nothing has been written since it was read; nil (and forgotten) after.
    func firstScreenSnapshot() -> FirstScreenSnapshot? {
        firstScreen.withLock { kept in
            guard let snapshot = kept else { return nil }
            if snapshot.writes == database.committedWrites { return snapshot }
            kept = nil
            return nil
        }
    }
}
