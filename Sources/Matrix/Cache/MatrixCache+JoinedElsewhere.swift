import ChatCore
import FoundationEssentials
import Storage

/// Rooms this account joined from another client since the last sync (created with curl, joined
/// in Element), written before the sync loop brings them, so a lookup by name finds them now.
extension MatrixCache {
    /// Stores `room` as joined with the state tteok lists (name, alias, topic, members, …) from
    /// `GET /rooms/{id}/state`. The sync answer that follows fills in its timeline as for any room.
    func storeJoinedRoom(_ room: String, state: [RoomEvent]) async throws {
        try await database.write { connection in
            _ = try connection.run("INSERT OR IGNORE INTO rooms (room_id) VALUES (?)", [.text(room)])
            _ = try connection.run("UPDATE rooms SET membership = ? WHERE room_id = ?", [.text(CachedRoom.Membership.joined.rawValue), .text(room)])
            for event in state where event.state_key != nil {
                if event.type == "m.room.member" {
                    _ = try MatrixCache.storeMember(event, room: room, in: connection)
                } else {
                    _ = try MatrixCache.applyState(event, room: room, in: connection)
                }
            }
        }
    }
}
