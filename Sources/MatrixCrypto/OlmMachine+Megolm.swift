import FoundationEssentials
import Storage

/// Room events: Megolm decryption with the checks that keep a key from being misused — the room
/// and the sender must be the session's, and each message index decrypts one event only.
///
/// A page goes in three steps: on the store's queue, each event's session is found and checked
/// (`prepare`); the decryption and the plaintext's parsing run on every core
/// (`MegolmPageDecryption`, each worker with its own reader of a session); then, on the queue
/// again, each message index is recorded against replays, all in one transaction.
extension OlmMachine {
    public func decrypt(_ event: MegolmCiphertext) throws -> DecryptedRoomEvent {
        try decrypt([event])[0].get()
    }

    public func decrypt(_ events: [MegolmCiphertext]) -> [Result<DecryptedRoomEvent, Undecryptable>] {
        let stored = try? database.writeSync { connection in
            let prepared = try events.map { try prepare($0, in: connection) }
            let opened = try MegolmPageDecryption.open(prepared)
            return try zip(events, zip(prepared, opened)).map { event, step in
                try finish(event, step.0, step.1, in: connection)
            }
        }
        return stored ?? events.map { _ in .failure(Undecryptable(reason: .failed("the crypto store cannot be written"))) }
    }

    /// The event's fields and its session, checked against the event; only storage errors throw.
    private func prepare(_ event: MegolmCiphertext, in connection: Connection) throws -> Result<PreparedMegolm, Undecryptable> {
        let content = event.content
        guard content["algorithm"]?.string == Self.megolmAlgorithm else {
            return .failure(Undecryptable(reason: .unsupported(content["algorithm"]?.string ?? "no algorithm")))
        }
        guard let senderKey = content["sender_key"]?.string, let sessionID = content["session_id"]?.string,
              let ciphertext = content["ciphertext"]?.string else {
            return .failure(Undecryptable(reason: .unsupported("missing sender_key, session_id or ciphertext")))
        }
        guard let held = try heldInbound(sessionID, senderKey: senderKey, in: connection) else {
            return .failure(Undecryptable(reason: try withheldReason(sessionID, senderKey: senderKey, in: connection) ?? .unknownSession))
        }
        guard held.room == event.roomID else { return .failure(Undecryptable(reason: .refused("its key belongs to another room"))) }
        guard try sessionAdmits(held, sender: event.sender, in: connection) else {
            return .failure(Undecryptable(reason: .refused("its key was shared by another user")))
        }
        return .success(PreparedMegolm(held: held, ciphertext: ciphertext))
    }

    /// A key shared by Olm names its sender; an imported or restored one does not (export files
    /// and backups carry only the device's curve25519 key): then the device's owner, when that
    /// device is known, must be the event's sender.
    private func sessionAdmits(_ held: HeldInboundSession, sender: String, in connection: Connection) throws -> Bool {
        guard held.sender.isEmpty else { return held.sender == sender }
        let owner = try connection.queryRow("SELECT user_id FROM devices WHERE curve25519 = ?", [.text(held.senderKey)])?["user_id"].string
        return owner.map { $0 == sender } ?? true
    }

    /// The replay check and the plaintext's own claims; only storage errors throw.
    private func finish(_ event: MegolmCiphertext, _ prepared: Result<PreparedMegolm, Undecryptable>, _ opened: Result<OpenedMegolm, Undecryptable>,
                        in connection: Connection) throws -> Result<DecryptedRoomEvent, Undecryptable> {
        let step: PreparedMegolm, plain: OpenedMegolm
        switch (prepared, opened) {
        case (.failure(let failure), _), (_, .failure(let failure)): return .failure(failure)
        case (.success(let checked), .success(let decrypted)): (step, plain) = (checked, decrypted)
        }
        if let replay = try checkReplay(event, held: step.held, index: plain.index, in: connection) { return .failure(replay) }
        guard let type = plain.json["type"]?.string, let inner = plain.json["content"] else {
            return .failure(Undecryptable(reason: .failed("the plaintext is not an event")))
        }
        guard plain.json["room_id"]?.string == event.roomID else {
            return .failure(Undecryptable(reason: .refused("its plaintext names another room")))
        }
        return .success(DecryptedRoomEvent(type: type, content: inner, senderKey: step.held.senderKey, claimedEd25519: step.held.claimedEd25519))
    }

    private func withheldReason(_ sessionID: String, senderKey: String, in connection: Connection) throws -> UndecryptableReason? {
        guard let row = try connection.queryRow("SELECT code, reason FROM withheld WHERE session_id = ? AND sender_key = ?",
                                                [.text(sessionID), .text(senderKey)]) else { return nil }
        return .withheld(code: row["code"].string ?? "", reason: row["reason"].string)
    }

    /// The first event decrypted at an index owns it; the same event again (history re-read) is
    /// fine, another event at that index is a replay and refused.
    private func checkReplay(_ event: MegolmCiphertext, held: HeldInboundSession, index: UInt32, in connection: Connection) throws -> Undecryptable? {
        let key: [SQLValue] = [.text(held.sessionID), .text(held.senderKey), .integer(Int64(index))]
        let inserted = try connection.run("""
            INSERT OR IGNORE INTO megolm_indices (session_id, sender_key, message_index, event_id, ts) VALUES (?, ?, ?, ?, ?)
            """, key + [.text(event.eventID), .integer(event.timestamp)])
        guard inserted == 0 else { return nil }
        let seen = try connection.queryRow("""
            SELECT event_id, ts FROM megolm_indices WHERE session_id = ? AND sender_key = ? AND message_index = ?
            """, key)
        guard seen?["event_id"].string == event.eventID, seen?["ts"].int64 == event.timestamp else {
            return Undecryptable(reason: .refused("message index \(index) was already used by another event (a replay)"))
        }
        return nil
    }
}
