import ChatCore
import Storage

/// Where a new line goes in a room's cached order (`events.seq`, unique per room).
enum TimelinePlace: Sendable, Equatable {
    /// After everything cached: live events, our own sends.
    case end
    /// Before everything cached: history read backwards.
    case front
    /// Just before this cached event: a sync's event that the server ordered before one already
    /// cached — our own message, stored from its send's answer before the sync that carries both
    /// arrived (another member's message, sent first, showed after ours for good).
    case before(eventID: String)

    /// The `seq` for event `id` at this place, making room for it when it goes between two
    /// cached events; nil when `id` is cached already (nothing may move for it).
    func seq(for id: String, in room: String, _ connection: Connection) throws -> Int64? {
        switch self {
        case .end:
            return try connection.scalar("SELECT max(seq) + 1 FROM events WHERE room_id = ?", [.text(room)]).int64 ?? 0
        case .front:
            return try connection.scalar("SELECT min(seq) - 1 FROM events WHERE room_id = ?", [.text(room)]).int64 ?? 0
        case .before(let anchor):
            guard try connection.scalar("SELECT 1 FROM events WHERE event_id = ?", [.text(id)]).int != 1 else { return nil }
            guard let place = try connection.scalar("SELECT seq FROM events WHERE event_id = ? AND room_id = ?",
                                                    [.text(anchor), .text(room)]).int64 else {
                return try TimelinePlace.end.seq(for: id, in: room, connection)
            }
            // The anchor and what follows it move up one, the last first (seq is unique per room);
            // what follows a cached message a sync reorders is our own recent sends: a few rows.
            let following = try connection.query("SELECT event_id FROM events WHERE room_id = ? AND seq >= ? ORDER BY seq DESC",
                                                  [.text(room), .integer(place)]).compactMap { $0[0].string }
            for event in following {
                _ = try connection.run("UPDATE events SET seq = seq + 1 WHERE event_id = ?", [.text(event)])
            }
            return place
        }
    }
}
