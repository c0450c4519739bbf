import Foundation
import Storage

/// Room events: Megolm decryption with the checks that keep a key from being misused — the room
/// and the sender must be the session's, and each message index decrypts one event only.
extension OlmMachine {
    public func decrypt(_ event: MegolmCiphertext) throws -> DecryptedRoomEvent {
        try database.writeSync { try decrypt(event, in: $0) }.get()
    }

    /// A page of events in one transaction: the replay records of a history page commit once.
    public func decrypt(_ events: [MegolmCiphertext]) -> [Result<DecryptedRoomEvent, Undecryptable>] {
        (try? database.writeSync { connection in events.map { (try? decrypt($0, in: connection)) ?? .failure(Undecryptable(reason: .failed("storage"))) } })
            ?? events.map { _ in .failure(Undecryptable(reason: .failed("the crypto store cannot be written"))) }
    }

    /// Decrypts one event inside the caller's transaction; only storage errors throw.
    private func decrypt(_ event: MegolmCiphertext, in connection: Connection) throws -> Result<DecryptedRoomEvent, Undecryptable> {
        do {
            return .success(try decryptChecked(event, in: connection))
        } catch let failure as Undecryptable {
            return .failure(failure)
        }
    }

    private func decryptChecked(_ event: MegolmCiphertext, in connection: Connection) throws -> DecryptedRoomEvent {
        let content = event.content
        guard content["algorithm"]?.string == Self.megolmAlgorithm else {
            throw Undecryptable(reason: .unsupported(content["algorithm"]?.string ?? "no algorithm"))
        }
        guard let senderKey = content["sender_key"]?.string, let sessionID = content["session_id"]?.string,
              let ciphertext = content["ciphertext"]?.string else {
            throw Undecryptable(reason: .unsupported("missing sender_key, session_id or ciphertext"))
        }
        let (plaintext, claimed) = try { () throws -> (Data, String?) in
            guard let held = try inboundSession(sessionID, senderKey: senderKey, in: connection) else {
                throw Undecryptable(reason: try withheldReason(sessionID, senderKey: senderKey, in: connection) ?? .unknownSession)
            }
            guard held.room == event.roomID else { throw Undecryptable(reason: .refused("its key belongs to another room")) }
            guard held.sender == event.sender else { throw Undecryptable(reason: .refused("its key was shared by another user")) }
            let decrypted: (plaintext: Data, index: UInt32)
            do {
                decrypted = try held.session.decrypt(ciphertext)
            } catch let failure as OlmFailure {
                throw Undecryptable(reason: .failed(failure.reason))
            }
            try checkReplay(event, sessionID: sessionID, senderKey: senderKey, index: decrypted.index, in: connection)
            return (decrypted.plaintext, held.claimedEd25519)
        }()
        guard let json = try? CryptoJSON(parsing: plaintext), let type = json["type"]?.string, let inner = json["content"] else {
            throw Undecryptable(reason: .failed("the plaintext is not an event"))
        }
        guard json["room_id"]?.string == event.roomID else { throw Undecryptable(reason: .refused("its plaintext names another room")) }
        return DecryptedRoomEvent(type: type, content: inner, senderKey: senderKey, claimedEd25519: claimed)
    }

    private struct HeldSession {
        let session: MegolmInboundHandle
        let room: String
        let sender: String
        let claimedEd25519: String?
    }

    /// The inbound session, from memory or unpickled once (unpickling is most of the cost of
    /// decrypting a history page otherwise).
    private func inboundSession(_ sessionID: String, senderKey: String, in connection: Connection) throws -> HeldSession? {
        guard let row = try connection.queryRow("""
            SELECT room_id, sender_user, claimed_ed25519, pickle FROM inbound_group_sessions WHERE session_id = ? AND sender_key = ?
            """, [.text(sessionID), .text(senderKey)]) else { return nil }
        let cacheKey = senderKey + "|" + sessionID
        let session: MegolmInboundHandle
        if let cached = inboundSessions[cacheKey] {
            session = cached
        } else {
            session = try MegolmInboundHandle.unpickle(row["pickle"].string ?? "", key: pickleKey)
            inboundSessions[cacheKey] = session
        }
        return HeldSession(session: session, room: row["room_id"].string ?? "", sender: row["sender_user"].string ?? "",
                           claimedEd25519: row["claimed_ed25519"].string)
    }

    private func withheldReason(_ sessionID: String, senderKey: String, in connection: Connection) throws -> UndecryptableReason? {
        guard let row = try connection.queryRow("SELECT code, reason FROM withheld WHERE session_id = ? AND sender_key = ?",
                                                [.text(sessionID), .text(senderKey)]) else { return nil }
        return .withheld(code: row["code"].string ?? "", reason: row["reason"].string)
    }

    /// The first event decrypted at an index owns it; the same event again (history re-read) is
    /// fine, another event at that index is a replay and refused.
    private func checkReplay(_ event: MegolmCiphertext, sessionID: String, senderKey: String, index: UInt32, in connection: Connection) throws {
        let key: [SQLValue] = [.text(sessionID), .text(senderKey), .integer(Int64(index))]
        if let seen = try connection.queryRow("""
            SELECT event_id, ts FROM megolm_indices WHERE session_id = ? AND sender_key = ? AND message_index = ?
            """, key) {
            guard seen["event_id"].string == event.eventID, seen["ts"].int64 == event.timestamp else {
                throw Undecryptable(reason: .refused("message index \(index) was already used by another event (a replay)"))
            }
            return
        }
        _ = try connection.run("INSERT INTO megolm_indices (session_id, sender_key, message_index, event_id, ts) VALUES (?, ?, ?, ?, ?)",
                               key + [.text(event.eventID), .integer(event.timestamp)])
    }
}
