import ChatCore
import FoundationEssentials
import Storage

/// The outbox: a message is written here before any request and leaves it when the server
/// acknowledges it (the answer to the send, or our own echo in `/sync`), so it survives
/// reconnects and restarts and is sent with the same transaction id until it is stored once.
extension MatrixCache {
    func enqueue(_ content: MessageEventContent, to room: String, transactionID: String, at date: Date) async throws -> OutboxEntry {
        let text = String(decoding: try JSONEncoder().encode(content), as: UTF8.self)
        return try await database.write { connection in
            _ = try connection.run("INSERT INTO outbox (txn_id, room_id, content, created) VALUES (?, ?, ?, ?)",
                                   [.text(transactionID), .text(room), .text(text), .integer(Int64(date.timeIntervalSince1970 * 1000))])
            guard let row = try connection.queryRow("SELECT * FROM outbox WHERE txn_id = ?", [.text(transactionID)]) else {
                throw ChatError.storage("the outbox lost a message it just stored")
            }
            return OutboxEntry(row: row)
        }
    }

    /// Pending entries, oldest first: the order they are sent in.
    func pendingOutbox() async throws -> [OutboxEntry] {
        try await database.read { try $0.query("SELECT * FROM outbox WHERE failure IS NULL ORDER BY created, rowid").map(OutboxEntry.init(row:)) }
    }

    /// Pending and failed entries of a room, oldest first, shown after its cached timeline.
    func outbox(in room: String) async throws -> [OutboxEntry] {
        try await database.read { connection in
            try connection.query("SELECT * FROM outbox WHERE room_id = ? ORDER BY created, rowid", [.text(room)]).map(OutboxEntry.init(row:))
        }
    }

    func outboxEntry(_ transactionID: String) async throws -> OutboxEntry? {
        try await database.read { try $0.queryRow("SELECT * FROM outbox WHERE txn_id = ?", [.text(transactionID)]).map(OutboxEntry.init(row:)) }
    }

    /// The delivered event sent with `transactionID`, if the server has acknowledged it.
    func sentEvent(_ transactionID: String) async throws -> CachedEvent? {
        let me = userID
        return try await database.read { connection in
            let row = try connection.queryRow("\(MatrixCache.selectEvents) WHERE e.txn_id = ?", [.text(transactionID)]).map { try CachedEvent(row: $0, connection) }
            // With its relations, as every read gives them: a reply just sent quotes its original
            // at once (its echo is the same event and changes nothing on screen).
            return try MatrixCache.resolve(row.map { [$0] } ?? [], me: me, in: connection).first
        }
    }

    /// Moves an acknowledged entry into the cache where its echo would go (`store`): a message at
    /// the live end, unless its echo is already there; an edit or a reaction beside the message it
    /// changes. Returns the message as it now stands: the sent one, or the one changed.
    func acknowledge(_ entry: OutboxEntry, eventID: String, sender: String) async throws -> CachedEvent? {
        let event = RoomEvent(event_id: eventID, type: entry.eventType, sender: sender, origin_server_ts: entry.created,
                              content: try JSONValue.from(entry.sentContent), unsigned: .init(transaction_id: entry.transactionID))
        let me = userID
        // Read back in the same transaction: a sync answer stored right after (a gap that starts
        // the room afresh) may drop the row before a later read could see it.
        let sent = try await database.write { connection -> CachedEvent? in
            _ = try connection.run("INSERT OR IGNORE INTO rooms (room_id) VALUES (?)", [.text(entry.roomID)])
            if case .line = try MatrixCache.store(event, room: entry.roomID, at: .end, in: connection) {
                try MatrixCache.noteUnseenSend(eventID, room: entry.roomID, in: connection)
            }
            _ = try connection.run("UPDATE events SET txn_id = ? WHERE event_id = ?", [.text(entry.transactionID), .text(eventID)])
            _ = try connection.run("DELETE FROM outbox WHERE txn_id = ?", [.text(entry.transactionID)])
            let row = try connection.queryRow("\(MatrixCache.selectEvents) WHERE e.txn_id = ?", [.text(entry.transactionID)])
                .map { try CachedEvent(row: $0, connection) }
            return try MatrixCache.resolve(row.map { [$0] } ?? [], me: me, in: connection).first
        }
        if let sent { return sent }
        guard let target = event.relatesTo?.event_id else { return nil }
        return try await self.event(target)
    }

    /// Keeps the ciphertext an entry is sent as, before its first send; an entry that already
    /// has one keeps it (a retry must send the same bytes). Returns the one kept.
    func setOutboxCiphertext(_ transactionID: String, _ ciphertext: String) async throws -> String? {
        try await database.write { connection in
            _ = try connection.run("UPDATE outbox SET encrypted = ? WHERE txn_id = ? AND encrypted IS NULL", [.text(ciphertext), .text(transactionID)])
            return try connection.scalar("SELECT encrypted FROM outbox WHERE txn_id = ?", [.text(transactionID)]).string
        }
    }

    /// Marks an entry refused for good (it stays, shown as failed, until retried or discarded).
    func failOutbox(_ transactionID: String, reason: String) async throws {
        try await database.write { _ = try $0.run("UPDATE outbox SET failure = ? WHERE txn_id = ?", [.text(reason), .text(transactionID)]) }
    }

    /// Puts a failed entry back in the queue; false when there is no such entry.
    func requeue(_ transactionID: String) async throws -> Bool {
        try await database.write { try $0.run("UPDATE outbox SET failure = NULL WHERE txn_id = ?", [.text(transactionID)]) > 0 }
    }

    /// Drops an entry; false when there is none (already delivered or discarded).
    func discardOutbox(_ transactionID: String) async throws -> Bool {
        try await database.write { try $0.run("DELETE FROM outbox WHERE txn_id = ?", [.text(transactionID)]) > 0 }
    }

    /// The server's id of a message: our own messages are known here by their transaction id.
    func eventID(of message: String) async throws -> String {
        try await database.read { try $0.scalar("SELECT event_id FROM events WHERE txn_id = ?", [.text(message)]).string } ?? message
    }
}
