import ChatCore
import FoundationEssentials
import Storage

/// Invitations as `/sync` delivers them (`rooms.invite` with stripped state) and as they are listed.
extension MatrixCache {
    /// Records an invitation: who invited, whether to a direct conversation, and the room's name
    /// and the inviter's display name from the stripped state (all another client's words).
    static func applyInvite(_ id: String, _ room: InvitedRoom, me: String, outcome: inout SyncOutcome, in connection: Connection) throws {
        let stripped = room.invite_state?.events ?? []
        // Our own member event names the inviter; without it the room is still invited (and its
        // state, encryption first, still applies) but is not listed: nobody to name.
        let mine = stripped.first { $0.type == "m.room.member" && $0.state_key == me }
        if let mine, mine.content.decode(as: MemberContent.self)?.membership != "invite" { return }
        // A room already joined is not invited again by a stale answer.
        if try MatrixCache.room(id, in: connection)?.membership == .joined { return }
        _ = try connection.run("INSERT OR IGNORE INTO rooms (room_id) VALUES (?)", [.text(id)])
        let direct = mine?.content.decode(as: MemberContent.self)?.is_direct == true
        _ = try connection.run("UPDATE rooms SET membership = ?, inviter = ?, invite_direct = ? WHERE room_id = ?",
                               [.text(CachedRoom.Membership.invited.rawValue), SQLValue(mine?.sender), SQLValue(direct), .text(id)])
        for event in stripped where event.state_key != nil {
            let state = RoomEvent(event_id: nil, type: event.type, sender: event.sender, origin_server_ts: 0,
                                  content: event.content, state_key: event.state_key)
            if event.type == "m.room.member" {
                if event.state_key == mine?.sender { try storeMember(state, room: id, in: connection) }
            } else {
                _ = try applyState(state, room: id, in: connection)
            }
        }
        outcome.roomsChanged = true
        if direct, let mine { outcome.directInvites[id] = mine.sender }
    }

    /// Invitations waiting for an answer, without those from ignored users.
    func invitations(limit: Int) async throws -> [CachedRoom] {
        try await database.read { connection in
            try connection.query("""
                SELECT * FROM rooms WHERE membership = 'invite' AND inviter IS NOT NULL
                  AND inviter NOT IN (SELECT user_id FROM ignored) ORDER BY coalesce(name, room_id) LIMIT ?
                """, [.integer(Int64(limit))]).map(CachedRoom.init(row:))
        }
    }

    /// True when `user` is a joined member of a room the viewer has joined, other than `room`:
    /// someone the viewer already talks with, whose direct invitations may be joined at once.
    func sharesJoinedRoom(with user: String, besides room: String) async throws -> Bool {
        try await database.read { connection in
            try connection.scalar("""
                SELECT 1 FROM members m JOIN rooms r ON r.room_id = m.room_id
                WHERE m.user_id = ? AND m.membership = 'join' AND r.membership = 'join' AND m.room_id != ? LIMIT 1
                """, [.text(user), .text(room)]).int == 1
        }
    }
}
