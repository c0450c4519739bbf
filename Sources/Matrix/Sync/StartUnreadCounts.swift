import FoundationEssentials

/// The server's unread counts for the rooms a sliding-sync start cannot count itself.
///
/// Synapse's sliding sync answers `notification_count: 0` for every room (its code calls the
/// values placeholders), and a room's cached timeline — the last ten events — counts at most ten:
/// a cold start by sliding sync showed a room with 25 unread as 10. So each sliding answer notes
/// the rooms where someone else spoke after the account's own receipt, and before the start's
/// position is stored one `/sync` limited to just those rooms (a timeline of one event, no state)
/// brings the server's counts, as the classic initial `/sync` would have. An account that has
/// read everything asks nothing more.
enum StartUnreadCounts {
    /// Rooms per request: the filter, room ids and all, rides in the query string.
    static let roomsPerRequest = 40

    /// Updates `rooms` (the rooms still to ask counts for) with one sliding-sync answer: a joined
    /// room of it is added when its badge is the server's count (the account has a receipt
    /// there, or the room is encrypted) and someone else spoke after the receipt; dropped when
    /// the answer shows it read (a room sent again because it changed is judged again). A room
    /// never read and not encrypted counts its cached messages (the newcomer rule), not the
    /// server's count, and is not asked for.
    static func note(_ answer: SlidingSyncResponse, me: String, in rooms: inout Set<String>) {
        for (id, room) in answer.rooms?.values ?? [:] {
            let receipt = answer.extensions?.receipts?.rooms?.values[id].map { [$0] } ?? []
            let read = ReadReceipts.newestRead(by: me, in: receipt)
            let encrypted = (room.required_state ?? []).contains { $0.type == "m.room.encryption" && $0.state_key == "" }
            if room.invite_state == nil, read != nil || encrypted, unreadAfterReceipt(room.timeline ?? [], read: read, me: me) {
                rooms.insert(id)
            } else {
                rooms.remove(id)
            }
        }
    }

    /// True when someone else's event comes after `read` in `timeline` (after its start, when the
    /// receipt is older than the timeline or there is none).
    static func unreadAfterReceipt(_ timeline: [RoomEvent], read: String?, me: String) -> Bool {
        let after = timeline.lastIndex { $0.event_id != nil && $0.event_id == read }.map { timeline.index(after: $0) } ?? timeline.startIndex
        return timeline[after...].contains { $0.sender != me }
    }

    /// The server's counts for `rooms`, each room carrying only them (and its threads' counts),
    /// so the cache takes them through its one path without touching the room's timeline.
    static func ask(_ rooms: Set<String>, client: MatrixClient) async throws -> [String: JoinedRoom] {
        var counts: [String: JoinedRoom] = [:]
        let sorted = rooms.sorted()
        for start in stride(from: 0, to: sorted.count, by: roomsPerRequest) {
            let part = Array(sorted[start..<min(sorted.count, start + roomsPerRequest)])
            let answer = try await client.sync(since: nil, timeout: 0, filter: try filter(part))
            for (id, room) in answer.rooms?.join ?? [:] where rooms.contains(id) {
                guard let unread = room.unread_notifications else { continue }
                counts[id] = JoinedRoom(unread_notifications: unread, unread_thread_notifications: room.unread_thread_notifications)
            }
        }
        return counts
    }

    /// An initial `/sync` of `rooms` alone that costs the server little beyond their counts: the
    /// newest event only, no state, receipts, account data or presence. Per-thread counts as
    /// `SyncFilter.json` asks for them, so the room's count is its main timeline's, as `/sync`'s is.
    static func filter(_ rooms: [String]) throws -> String {
        let none = Types(types: [])
        let filter = Filter(room: .init(rooms: rooms, timeline: .init(limit: 1, unread_thread_notifications: true),
                                        state: none, ephemeral: none, account_data: none),
                            presence: none, account_data: none)
        return String(decoding: try JSONEncoder().encode(filter), as: UTF8.self)
    }

    private struct Filter: Encodable {
        var room: Room
        var presence: Types
        var account_data: Types

        struct Room: Encodable {
            var rooms: [String]
            var timeline: Timeline
            var state: Types
            var ephemeral: Types
            var account_data: Types
        }

        struct Timeline: Encodable {
            var limit: Int
            var unread_thread_notifications: Bool
        }
    }

    private struct Types: Encodable {
        var types: [String]
    }
}
