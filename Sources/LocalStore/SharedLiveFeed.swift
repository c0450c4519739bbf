import ChatCore
import FoundationEssentials
import Storage

/// The service's live feed: what each commit added is read once for all subscribed sessions
/// and filtered in memory per viewer. (Each session's own `LiveFeed` re-read every commit for
/// itself: a hundred connections made a hundred queries per commit.)
///
/// Deliveries are handed to `sink` on the database queue, in commit order, one list per commit
/// with each listener's events; the sink must not block (the service queues them elsewhere).
public final class SharedLiveFeed: @unchecked Sendable {
    /// One listener's events from one commit.
    public struct Delivery: Sendable {
        public let listener: Int
        public let events: [ChatEvent]
    }

    /// One subscribed session: who it is signed in as, and a guest's read positions (its counts).
    struct Listener: Sendable {
        let state: Mutex<SessionState>
        let guestSeen: Mutex<[Int64: Int64]>

        var viewerKey: Int64 { state.withLock(\.viewerKey) }
    }

    let listeners = Mutex([Int: Listener]())
    let sink: @Sendable ([Delivery]) -> Void
    let database: Database
    /// Who types where (`SharedLiveFeed+Typing`).
    let board = Mutex(TypingBoard())
    /// Touched only on the database queue.
    private var lastMessageID: Int64
    private var lastChangeID: Int64
    /// Who each listener was last told it is (`publishViewers`). Database queue only.
    var toldViewers: [Int: Viewer] = [:]
    private var observation: Observation?

    init(database: Database, sink: @escaping @Sendable ([Delivery]) -> Void) throws {
        self.sink = sink
        self.database = database
        (lastMessageID, lastChangeID) = try database.readSync(LiveFeed.positions)
        observation = database.observe { [weak self] change, connection in self?.handle(change, connection) }
    }

    deinit { observation?.cancel() }

    /// Delivers `session`'s events under `listener` (an id the caller chose) until `remove`.
    /// Who the member is now is what its client already knows: only a later change of standing
    /// is news to it (`publishViewers`). Without this, the first mute, ban or new terms after a
    /// client subscribed told it who it is, unchanged — every member at once.
    public func add(listener: Int, session: LocalCommunity) {
        let added = Listener(state: session.session, guestSeen: session.guestMarkers)
        // On the database queue, where commits are published: no change slips between the two.
        do {
            try database.readSync { connection in
                let state = added.state.withLock { $0 }
                if state.userID != nil { toldViewers[listener] = Self.viewer(of: state, connection) }
                listeners.withLock { $0[listener] = added }
            }
        } catch {
            // Unread, it is told who it is at the next change, as any listener was before.
            listeners.withLock { $0[listener] = added }
        }
    }

    public func remove(listener: Int) {
        _ = listeners.withLock { $0.removeValue(forKey: listener) }
        stopTyping(of: listener)
    }

    private func handle(_ change: DatabaseChange, _ connection: Connection) {
        if change.touches("message_changes") { publishChanges(connection) }
        if change.touches("messages") { publishMessages(connection) }
        // A moderator's work: channels created, renamed or archived; mutes, bans, new terms.
        if change.touches("channels") { publishChannelsChanged() }
        if change.touches("sanctions") || change.touches("terms") { publishViewers(connection) }
    }

    /// The signed-in members with a listener now (guests have no id to show).
    public func connectedViewers() -> Set<UserID> {
        Set(viewers().map(\.viewer).filter { $0 > 0 }.map { UserID(String($0)) })
    }

    /// The listeners and who each is signed in as now.
    private func viewers() -> [(listener: Int, viewer: Int64)] {
        listeners.withLock { $0.map { ($0.key, $0.value.viewerKey) } }
    }

    private func publishMessages(_ connection: Connection) {
        // On failure the position stays: the next change retries.
        try? connection.inReadTransaction {
            let newest = try connection.scalar("SELECT coalesce(max(id), 0) FROM messages").int64 ?? 0
            guard newest > lastMessageID else { return }
            let subscribed = listeners.withLock { $0 }
            if !subscribed.isEmpty {
                let batch = try LiveBatch.read(after: lastMessageID, through: newest, connection)
                let deliveries = try subscribed.map { listener, session in
                    Delivery(listener: listener, events: try batch.events(for: session.viewerKey, guestSeen: session.guestSeen.withLock { $0 }, connection))
                }
                sink(deliveries.filter { !$0.events.isEmpty })
            }
            lastMessageID = newest
        }
    }

    /// Edits, reactions and deletions since the last look: re-read once per distinct viewer
    /// (reactions say which are the viewer's own), rarer than new messages.
    private func publishChanges(_ connection: Connection) {
        try? connection.inReadTransaction {
            let newest = try connection.scalar("SELECT coalesce(max(id), 0) FROM message_changes").int64 ?? 0
            guard newest > lastChangeID else { return }
            let viewers = viewers()
            var updates: [Int64: [ChatEvent]] = [:]
            for viewer in Set(viewers.map(\.viewer)) {
                updates[viewer] = try LiveFeed.changedMessages(for: viewer, after: lastChangeID, through: newest, connection).map { .messageUpdated($0) }
            }
            let deliveries = viewers.map { Delivery(listener: $0.listener, events: updates[$0.viewer] ?? []) }
            sink(deliveries.filter { !$0.events.isEmpty })
            lastChangeID = newest
        }
    }
}
