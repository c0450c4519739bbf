import FoundationEssentials
import Storage

/// Room keys out and in: every Megolm session held, exported at its first known index (key
/// export files, server-side backup), and keys taken back in through `storeInbound`'s rule, so a
/// forged or stale copy never replaces a good one.
extension OlmMachine {
    public func exportRoomKeys() throws -> [ExportedRoomKey] {
        try database.writeSync { connection in
            let rows = try connection.query("SELECT session_id, sender_key FROM inbound_group_sessions ORDER BY room_id, session_id")
            return try rows.compactMap { row in
                guard let sessionID = row["session_id"].string, let senderKey = row["sender_key"].string,
                      let held = try heldInbound(sessionID, senderKey: senderKey, in: connection) else { return nil }
                return try exported(held)
            }
        }
    }

    public func roomKeysNotBackedUp(version: String, limit: Int) throws -> [ExportedRoomKey] {
        try database.writeSync { connection in
            let rows = try connection.query("""
                SELECT s.session_id, s.sender_key FROM inbound_group_sessions s
                LEFT JOIN backed_up b ON b.session_id = s.session_id AND b.sender_key = s.sender_key AND b.version = ?
                WHERE b.version IS NULL ORDER BY s.room_id, s.session_id LIMIT ?
                """, [.text(version), .integer(Int64(limit))])
            return try rows.compactMap { row in
                guard let sessionID = row["session_id"].string, let senderKey = row["sender_key"].string,
                      let held = try heldInbound(sessionID, senderKey: senderKey, in: connection) else { return nil }
                return try exported(held)
            }
        }
    }

    public func markBackedUp(_ keys: [ExportedRoomKey], version: String) throws {
        try database.writeSync { connection in
            for key in keys {
                _ = try connection.run("INSERT OR REPLACE INTO backed_up (session_id, sender_key, version) VALUES (?, ?, ?)",
                                       [.text(key.sessionID), .text(key.senderKey), .text(version)])
            }
        }
    }

    /// One held session as it is exported (also what a backup uploads).
    func exported(_ held: HeldInboundSession) throws -> ExportedRoomKey {
        ExportedRoomKey(roomID: held.room, sessionID: held.sessionID, senderKey: held.senderKey, claimedEd25519: held.claimedEd25519,
                        sessionKey: try held.session.exportedKey(at: held.session.firstKnownIndex))
    }

    public func importRoomKeys(_ keys: [ExportedRoomKey]) throws -> RoomKeyImport {
        try database.writeSync { connection in
            var result = RoomKeyImport()
            for key in keys {
                do {
                    let session = try MegolmInboundHandle.importing(exportedKey: key.sessionKey)
                    guard session.id == key.sessionID else {
                        throw InboundRefusal.conflicts("the key for session \(key.sessionID) is another session's")
                    }
                    // Export files and backups do not name the sender: the owner of the device, when known.
                    let owner = try connection.queryRow("SELECT user_id FROM devices WHERE curve25519 = ?", [.text(key.senderKey)])?["user_id"].string
                    try storeInbound(HeldInboundSession(session: session, sessionID: key.sessionID, senderKey: key.senderKey, room: key.roomID,
                                                        sender: owner ?? "", claimedEd25519: key.claimedEd25519), in: connection)
                    result.imported += 1
                    result.sessions.append(key.sessionID)
                } catch InboundRefusal.notBetter {
                    result.alreadyHeld += 1
                } catch let refusal as InboundRefusal {
                    result.refused.append(refusal.description)
                } catch let failure as OlmFailure {
                    result.refused.append("the key for session \(key.sessionID) is not a Megolm session key (\(failure.reason))")
                }
            }
            return result
        }
    }
}
