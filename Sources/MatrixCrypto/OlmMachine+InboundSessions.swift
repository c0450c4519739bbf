import FoundationEssentials
import Storage

/// A Megolm inbound session as this device holds it: what decrypts one sender's messages in one
/// room, with who shared it. Kept in memory once unpickled (unpickling is most of the cost of
/// decrypting a history page otherwise).
struct HeldInboundSession {
    let session: MegolmInboundHandle
    let sessionID: String
    let senderKey: String
    let room: String
    /// The user who shared it (the Olm message's sender) and the ed25519 key that device claimed.
    let sender: String
    let claimedEd25519: String?
}

/// Every Megolm key this device takes in — shared by Olm, made for its own sending, imported from
/// a file or restored from a backup — is stored through `storeInbound`, so one rule decides
/// when a key replaces the one held.
extension OlmMachine {
    /// Why a session offered was not stored.
    enum InboundRefusal: Error, Hashable, CustomStringConvertible {
        /// A copy reaching as far back or further is already held.
        case notBetter
        /// The held session with that id and sender key belongs to another room or sender: the
        /// offer is forged (a hostile server's backup, a doctored file) and never replaces it.
        case conflicts(String)

        var description: String {
            switch self {
            case .notBetter: return "an equal or better copy of that key is already held"
            case .conflicts(let why): return why
            }
        }
    }

    /// Stores `held` unless the session already held with its id and sender key starts at the
    /// same index or earlier, or belongs to another room or sender (then throws `InboundRefusal`).
    func storeInbound(_ held: HeldInboundSession, in connection: Connection) throws {
        let key: [SQLValue] = [.text(held.sessionID), .text(held.senderKey)]
        if let existing = try connection.queryRow("""
            SELECT room_id, sender_user, first_index FROM inbound_group_sessions WHERE session_id = ? AND sender_key = ?
            """, key) {
            // An imported key names no sender (""): only a named sender can contradict the held one.
            let heldSender = existing["sender_user"].string ?? ""
            guard existing["room_id"].string == held.room, held.sender.isEmpty || heldSender.isEmpty || heldSender == held.sender else {
                throw InboundRefusal.conflicts("the key held for session \(held.sessionID) belongs to another room or sender")
            }
            guard Int64(held.session.firstKnownIndex) < existing["first_index"].int64 ?? 0 else { throw InboundRefusal.notBetter }
        }
        _ = try connection.run("""
            INSERT OR REPLACE INTO inbound_group_sessions
                (session_id, sender_key, room_id, sender_user, claimed_ed25519, first_index, pickle) VALUES (?, ?, ?, ?, ?, ?, ?)
            """, key + [.text(held.room), .text(held.sender), SQLValue(held.claimedEd25519),
                        .integer(Int64(held.session.firstKnownIndex)), .text(try held.session.pickle(key: pickleKey))])
        // A better copy goes to the key backup again.
        _ = try connection.run("DELETE FROM backed_up WHERE session_id = ? AND sender_key = ?", key)
        inboundSessions[held.senderKey + "|" + held.sessionID] = held
    }

    /// The inbound session with `sessionID` from `senderKey`, from memory or unpickled once.
    func heldInbound(_ sessionID: String, senderKey: String, in connection: Connection) throws -> HeldInboundSession? {
        if let cached = inboundSessions[senderKey + "|" + sessionID] { return cached }
        guard let row = try connection.queryRow("""
            SELECT room_id, sender_user, claimed_ed25519, pickle FROM inbound_group_sessions WHERE session_id = ? AND sender_key = ?
            """, [.text(sessionID), .text(senderKey)]) else { return nil }
        let held = HeldInboundSession(session: try MegolmInboundHandle.unpickle(row["pickle"].string ?? "", key: pickleKey),
                                      sessionID: sessionID, senderKey: senderKey, room: row["room_id"].string ?? "",
                                      sender: row["sender_user"].string ?? "", claimedEd25519: row["claimed_ed25519"].string)
        inboundSessions[senderKey + "|" + sessionID] = held
        return held
    }
}
