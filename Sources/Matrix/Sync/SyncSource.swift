/// How a session with nothing cached begins.
public enum SyncStart: Sendable, Equatable {
    /// Where the server offers Simplified Sliding Sync, first the `rooms` of latest activity in
    /// one small request, then the rest in sliding-sync pages of `page` rooms, then `/sync` for
    /// what comes after; elsewhere `/sync` alone.
    case slidingWindow(rooms: Int, page: Int = SyncStart.standardPage)
    /// `/sync` alone, whatever the server offers.
    case fullSync

    /// The first window holds a tall terminal's channel list.
    public static let standard = SyncStart.slidingWindow(rooms: 60)
    /// Rooms per sliding-sync request after the window: an account in 1,000 rooms fills in
    /// with five requests.
    public static let standardPage = 200
}

/// Where a session's sync answers come from: the boundary between the sync engine (which caches
/// each answer and publishes what changed) and the protocol that fetched it. The engine knows
/// only this; `/sync` and Simplified Sliding Sync are two sources behind it.
protocol SyncSource: Sendable {
    /// The next answer after the cached position `since` (nil: nothing synced yet). `longPoll`:
    /// the server may hold the request until something happens.
    func next(since: String?, longPoll: Bool) async throws -> SyncBatch
}

/// One answer of a source, as the cache takes it.
struct SyncBatch: Sendable {
    var response: SyncResponse
    /// False for an answer that fills the cache ahead of the position it is kept at (the first
    /// window of a cold start): the cache stores its rooms but keeps its sync token.
    var movesPosition: Bool
}

/// The classic `/sync` long-poll with tteok's filter (lazy-loaded members, no presence).
struct ClassicSyncSource: SyncSource {
    let client: MatrixClient

    func next(since: String?, longPoll: Bool) async throws -> SyncBatch {
        SyncBatch(response: try await client.sync(since: since, timeout: longPoll ? SyncEngine.pollTimeout : 0), movesPosition: true)
    }
}
