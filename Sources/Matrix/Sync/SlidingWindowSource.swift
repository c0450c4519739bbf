import ChatCore
import FoundationEssentials
import MatrixCrypto

/// A cold start that begins with the rooms the screen shows, and fills in the rest by the same
/// protocol. Where the server offers Simplified Sliding Sync (MSC4186):
///
/// 1. the first answer is one sliding-sync request for the `window` rooms of latest activity —
///    their names, state, receipts and last messages — a small fraction of an initial `/sync`
///    of a large account;
/// 2. then one `/sync` that asks for no rooms at all (`SyncFilter.positionOnly`), for the
///    position `/sync` carries on from (and the account's data and to-device messages);
/// 3. then the rest of the list in pages of `page` rooms, each request on the same sliding-sync
///    connection (`pos`) with its range grown by a page: the server sends only the rooms it has
///    not sent yet, or that changed, so a room that moves up the list meanwhile is neither lost
///    nor sent twice — at least one such request even when the window held every room, for
///    what changed between the window and step 2;
/// 4. then the position of step 2 is stored (the only answer that moves the cache's position),
///    and `/sync` goes on from it: whatever happened since step 2 comes in its first answer.
///
/// Until step 4 the cache keeps no position, so a start cut short begins again. A server without
/// the feature refuses the window; that, or any failed window, goes straight to `/sync` (the
/// classic initial sync). The counts of rooms with more unread than their cached timeline shows
/// are asked for before the position is stored (`StartUnreadCounts`).
struct SlidingWindowSource: SyncSource {
    let client: MatrixClient
    let window: Int
    let page: Int
    /// The account, whose own membership says whether a room of the window is still joined.
    let userID: String
    let fallback: ClassicSyncSource
    private let phase = Mutex(Phase.start)
    /// The window asked for before the engine's first turn (`askForWindowNow`), if it was.
    private let early = Mutex<StartedExchange?>(nil)

    /// Where the start stands. The engine asks for one answer at a time, so only it moves this.
    enum Phase: Sendable {
        case start
        /// The window is cached; `Fill` says what of the rest has come.
        case filling(Fill)
        /// `/sync` from here on.
        case classic
    }

    struct Fill: Sendable {
        /// The sliding-sync connection's position (nil: start a new connection).
        var pos: String?
        /// Rooms `0..<covered` of the list have been asked for.
        var covered: Int
        /// The list's length as the server last counted it.
        var total: Int
        /// `/sync`'s position, taken before the pages (step 2).
        var position: String?
        /// Whether a page has been asked for since the position was taken.
        var pagedSincePosition = false
        /// The rooms whose unread count only the server knows (`StartUnreadCounts`).
        var unread: Set<String> = []
    }

    init(client: MatrixClient, userID: String, window: Int, page: Int = SyncStart.standardPage) {
        self.client = client
        self.window = max(1, window)
        self.page = max(1, page)
        self.userID = userID
        fallback = ClassicSyncSource(client: client)
    }

    /// Sends the window's request at once, from the caller's thread and without suspending,
    /// before the engine asks for its first answer: a session with no cache file has nothing
    /// synced, so the request need not wait for the cache and the key store to open (a new file's
    /// schema and syncs, the crypto store), nor for a thread of the pool (none can be made while
    /// libcurl loads). `sending` is called when the transport is ready: the request goes out then.
    func askForWindowNow(sending: @escaping @Sendable () -> Void = {}) {
        let asked = try? client.startSlidingSync(SlidingSyncRequest.window(window))
        early.withLock { $0 = asked }
        client.transport.whenReady(sending)
    }

    func next(since: String?, longPoll: Bool) async throws -> SyncBatch {
        switch phase.withLock({ $0 }) {
        case .start:
            // No `/versions` first: the window itself finds out whether the server offers sliding
            // sync (one round trip less before the first screen); a server that does not refuses
            // it (404 `M_UNRECOGNIZED`), and so does any other failure lead to `/sync`.
            let asked = early.withLock { task in
                defer { task = nil }
                return task
            }
            let answer: SlidingSyncResponse?
            if since != nil {
                asked?.cancel()
                answer = nil
            } else {
                answer = try? await client.slidingSync(SlidingSyncRequest.window(window), started: asked)
            }
            guard let answer else {
                phase.withLock { $0 = .classic }
                return try await fallback.next(since: since, longPoll: longPoll)
            }
            var fill = Fill(pos: answer.pos, covered: window, total: answer.listCount ?? 0)
            StartUnreadCounts.note(answer, me: userID, in: &fill.unread)
            phase.withLock { $0 = .filling(fill) }
            return SyncBatch(response: answer.asSyncResponse(me: userID), movesPosition: false)
        case .filling(let fill):
            return try await fillIn(fill)
        case .classic:
            return try await fallback.next(since: since, longPoll: longPoll)
        }
    }

    /// The next step of the rest: the position, a page, or at last the position stored.
    private func fillIn(_ fill: Fill) async throws -> SyncBatch {
        var fill = fill
        guard let position = fill.position else {
            var answer = try await client.sync(since: nil, timeout: 0, filter: SyncFilter.positionOnly)
            fill.position = answer.next_batch
            answer.rooms = nil
            phase.withLock { $0 = .filling(fill) }
            return SyncBatch(response: answer, movesPosition: false)
        }
        // At least one page comes after the position, even when the window held every room: what
        // was said between the window's answer and the position reaches neither the window nor
        // `/sync`, only the connection, which sends the rooms that changed since its last answer.
        guard fill.covered < fill.total || !fill.pagedSincePosition else {
            // The counts come with the position: a failure to reach the server is tried again
            // as any sync turn is; a server that refuses the request leaves the cache's counts.
            var last = SyncResponse(next_batch: position)
            let covered = fill.covered
            async let retired: Void = retire(covered: covered)
            do {
                last.rooms = SyncResponse.Rooms(join: try await StartUnreadCounts.ask(fill.unread, client: client))
            } catch MatrixError.api, MatrixError.http, MatrixError.malformed, MatrixError.answerTooLarge {}
            await retired
            phase.withLock { $0 = .classic }
            return SyncBatch(response: last, movesPosition: true)
        }
        let end = max(fill.covered, min(fill.total, fill.covered + page))
        let answer: SlidingSyncResponse
        do {
            answer = try await client.slidingSync(SlidingSyncRequest.window(end), pos: fill.pos)
        } catch MatrixError.api(_, "M_UNKNOWN_POS", _, _) where fill.pos != nil {
            // The server forgot the connection (a restart, or it expired): a new one sends every
            // room of the range again, which the cache takes as it takes any repeat.
            answer = try await client.slidingSync(SlidingSyncRequest.window(end))
        }
        fill.pos = answer.pos
        fill.pagedSincePosition = true
        fill.covered = end
        fill.total = answer.listCount ?? fill.total
        StartUnreadCounts.note(answer, me: userID, in: &fill.unread)
        phase.withLock { $0 = .filling(fill) }
        return SyncBatch(response: answer.asSyncResponse(me: userID), movesPosition: false)
    }

    /// Replaces the connection the pages grew with one of a single room, once `/sync` takes over.
    /// The server keeps what it sent of every room for a connection until a request without a
    /// position starts it again: the next cold start's window would wait while it deletes a
    /// thousand rooms (a window took 60–80 ms where 30–35 ms with a small one, Synapse 1.163 on
    /// SQLite). A connection no larger than the window is left. A failure only leaves the work to
    /// the next start.
    private func retire(covered: Int) async {
        guard covered > window else { return }
        _ = try? await client.slidingSync(SlidingSyncRequest.retiring)
    }
}

extension SlidingSyncRequest {
    /// What replaces a connection that grew (`SlidingWindowSource.retire`): one room, with
    /// nothing of it, and no extensions.
    static let retiring = SlidingSyncRequest(lists: [listName: List(ranges: [[0, 0]], timeline_limit: 0, required_state: [])],
                                             extensions: Extensions(receipts: Enabled(enabled: false), account_data: Enabled(enabled: false)))

    /// The one list tteok keeps on a connection: every room, by latest activity.
    static let listName = "window"

    /// The rooms of latest activity, the first `size` of them, with what the channel list and an opened
    /// chat need: the listed state, the own and lazily loaded members, the last few events.
    static func window(_ size: Int) -> SlidingSyncRequest {
        SlidingSyncRequest(lists: [listName: List(ranges: [[0, size - 1]], timeline_limit: 10, required_state: [
            ["m.room.name", ""], ["m.room.topic", ""], ["m.room.canonical_alias", ""], ["m.room.power_levels", ""],
            ["m.room.history_visibility", ""], ["m.room.guest_access", ""], ["m.room.encryption", ""], ["m.room.create", ""], ["m.space.child", "*"],
            ["m.room.member", "$ME"], ["m.room.member", "$LAZY"],
        ])])
    }
}

extension SlidingSyncResponse {
    /// How many rooms the server counts in tteok's list (every room of the account).
    var listCount: Int? { lists?[SlidingSyncRequest.listName]?.count }

    /// The answer in `/sync`'s shape, so the cache stores it through the one path it has. A room
    /// `me` left or was banned from is left out (the `/sync` that follows says it is gone).
    func asSyncResponse(me: String) -> SyncResponse {
        var joined: [String: JoinedRoom] = [:]
        var invited: [String: InvitedRoom] = [:]
        for (id, room) in rooms?.values ?? [:] {
            if let invite = room.invite_state {
                invited[id] = InvitedRoom(invite_state: EventList(events: invite))
                continue
            }
            let ownMembership = (room.required_state ?? []).last { $0.type == "m.room.member" && $0.state_key == me }?
                .content.json?.decode(as: MemberContent.self)?.membership
            guard ownMembership == nil || ownMembership == "join" else { continue }
            let receipt = extensions?.receipts?.rooms?.values[id]
            joined[id] = JoinedRoom(state: EventList(events: room.required_state ?? []),
                                    timeline: JoinedRoom.Timeline(events: room.timeline ?? [], limited: room.limited, prev_batch: room.prev_batch),
                                    // Synapse 1.163's sliding sync answers 0 where `/sync` counts 3: the
                                    // window's count is not taken. Until `/sync` brings one, the badge
                                    // counts the cached messages after the account's own receipt.
                                    unread_notifications: nil,
                                    ephemeral: EventList(events: receipt.map { [$0] } ?? []),
                                    account_data: EventList(events: extensions?.account_data?.rooms?.values[id] ?? []))
        }
        return SyncResponse(next_batch: pos, rooms: SyncResponse.Rooms(join: joined, invite: invited, leave: nil),
                            account_data: EventList(events: extensions?.account_data?.global ?? []))
    }
}

extension SyncStart {
    /// Where the first window is asked for.
    public static let slidingSyncPath = "/_matrix/client/unstable/\(MatrixClient.slidingSyncFeature)/sync"

    /// The JSON body of the first request a session with nothing cached sends where the server
    /// offers sliding sync (nil for `.fullSync`: then it is `/sync` with `SyncFilter.json`) —
    /// public so the benchmark can time the server on the same request.
    public var slidingWindowBody: Data? {
        guard case .slidingWindow(let rooms, _) = self else { return nil }
        return try? CanonicalJSON.data(SlidingSyncRequest.window(max(1, rooms)).json)
    }
}
