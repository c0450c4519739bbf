import Storage

/// Our own messages stored from their send's answer and not yet seen in a sync answer.
///
/// A sync's long poll can be answered before our send reached the server and arrive after the
/// send's answer stored our message at the end: its messages, all sent before ours, went after
/// ours for good (the next answer carries ours, already cached, and nothing moved). While our
/// message is unseen, a sync's new messages go before it, in the server's order.
///
/// Unseen for two answers at most: one long poll can be under way when the send is answered,
/// and the poll after it was asked later, so it carries our message. A message neither brings
/// (a server that skipped it) stops holding the room's new messages above it.
extension MatrixCache {
    /// Answers that may still come without our message, counted from its send's answer.
    static let unseenAnswers = 2

    /// Remembers `event`, just stored at the end of `room` from its send's answer, as unseen.
    static func noteUnseenSend(_ event: String, room: String, in connection: Connection) throws {
        _ = try connection.run("INSERT OR REPLACE INTO unseen_sends (event_id, room_id, answers_left) VALUES (?, ?, ?)",
                               [.text(event), .text(room), .integer(Int64(unseenAnswers))])
    }

    /// Whether any message of ours is unseen (a sync answer looks no further when none is).
    static func hasUnseenSends(in connection: Connection) throws -> Bool {
        try connection.scalar("SELECT EXISTS (SELECT 1 FROM unseen_sends)").int == 1
    }

    /// Takes what one answer tells of `room`: `seen` (its cached lines) are unseen no more; a
    /// timeline with a gap (`limited`) sees them all, its order the server's from here on.
    /// Returns where the answer's new messages go when no line of it follows them: before our
    /// oldest message still unseen, else at the end.
    static func placeAfterUnseenSends(in room: String, seen: [String], limited: Bool, in connection: Connection) throws -> TimelinePlace {
        if limited {
            _ = try connection.run("DELETE FROM unseen_sends WHERE room_id = ?", [.text(room)])
            return .end
        }
        for event in seen { _ = try connection.run("DELETE FROM unseen_sends WHERE event_id = ?", [.text(event)]) }
        let oldest = try connection.scalar("""
            SELECT u.event_id FROM unseen_sends u JOIN events e ON e.event_id = u.event_id
            WHERE u.room_id = ? ORDER BY e.seq LIMIT 1
            """, [.text(room)]).string
        return oldest.map { .before(eventID: $0) } ?? .end
    }

    /// One answer was applied: each unseen message has one answer fewer left to be missing from.
    static func countAnswerForUnseenSends(in connection: Connection) throws {
        _ = try connection.run("UPDATE unseen_sends SET answers_left = answers_left - 1")
        _ = try connection.run("DELETE FROM unseen_sends WHERE answers_left <= 0")
    }
}
