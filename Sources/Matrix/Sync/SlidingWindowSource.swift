import ChatCore
import FoundationEssentials

/// A cold start that begins with the rooms the screen shows: where the server offers Simplified
/// Sliding Sync (MSC4186), the first answer is one sliding-sync request for the `window` rooms
/// of latest activity — their names, state, unread counts and last message — which is a small
/// fraction of an initial `/sync` of a large account; every answer after it (the rest of the
/// rooms, then live updates) comes from `/sync`, which fills the cache in the background while
/// the window is on screen. A server without the feature, or a failed window, goes straight to
/// `/sync`.
struct SlidingWindowSource: SyncSource {
    let client: MatrixClient
    let window: Int
    /// The account, whose own membership says whether a room of the window is still joined.
    let userID: String
    let fallback: ClassicSyncSource
    private let windowDone = Mutex(false)

    init(client: MatrixClient, userID: String, window: Int) {
        self.client = client
        self.window = max(1, window)
        self.userID = userID
        fallback = ClassicSyncSource(client: client)
    }

    func next(since: String?, longPoll: Bool) async throws -> SyncBatch {
        let first = windowDone.withLock { done -> Bool in
            defer { done = true }
            return !done
        }
        if first, since == nil, (try? await client.offersSlidingSync()) == true,
           let window = try? await client.slidingSync(SlidingSyncRequest.window(window)) {
            return SyncBatch(response: window.asSyncResponse(me: userID), movesPosition: false)
        }
        return try await fallback.next(since: since, longPoll: longPoll)
    }
}

extension SlidingSyncRequest {
    /// The rooms of latest activity, `size` of them, with what the channel list and an opened
    /// chat need: the listed state, the own and lazily loaded members, the last few events.
    static func window(_ size: Int) -> SlidingSyncRequest {
        SlidingSyncRequest(lists: ["window": List(ranges: [[0, size - 1]], timeline_limit: 10, required_state: [
            ["m.room.name", ""], ["m.room.topic", ""], ["m.room.canonical_alias", ""], ["m.room.power_levels", ""],
            ["m.room.history_visibility", ""], ["m.room.guest_access", ""], ["m.room.encryption", ""], ["m.room.create", ""], ["m.space.child", "*"],
            ["m.room.member", "$ME"], ["m.room.member", "$LAZY"],
        ])])
    }
}

extension SlidingSyncResponse {
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
        guard case .slidingWindow(let rooms) = self else { return nil }
        return try? JSONEncoder().encode(SlidingSyncRequest.window(max(1, rooms)))
    }
}
