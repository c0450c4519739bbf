import FoundationEssentials
import Storage

/// To-device events: Olm-encrypted room keys (`m.room_key`, `m.forwarded_room_key`), withheld
/// notices and key requests.
extension OlmMachine {
    public func receive(_ event: ToDeviceEvent) -> ToDeviceOutcome {
        switch event.type {
        case "m.room.encrypted":
            do {
                let plaintext = try decryptOlm(event)
                return try handleDecrypted(plaintext, from: event)
            } catch {
                return .ignored("\(event.type) from \(event.sender): \(error)")
            }
        case "m.room_key.withheld", "org.matrix.room_key.withheld":
            return recordWithheld(event)
        case Self.keyRequestType:
            return answerKeyRequest(event)
        default:
            return .ignored(event.type)
        }
    }

    /// The Olm plaintext of a to-device `m.room.encrypted`, its sender and recipient checked as
    /// the specification requires (a message relayed or re-addressed by someone else is refused).
    func decryptOlm(_ event: ToDeviceEvent) throws -> CryptoJSON {
        guard event.content["algorithm"]?.string == Self.olmAlgorithm else { throw Refusal("not \(Self.olmAlgorithm)") }
        guard let senderKey = event.content["sender_key"]?.string,
              let mine = event.content["ciphertext"]?[identity.curve25519],
              let body = mine["body"]?.string, let rawType = mine["type"]?.integer,
              let type = OlmSessionHandle.MessageType(rawValue: Int(rawType)) else { throw Refusal("not addressed to this device") }
        let data = try database.writeSync { try decrypt(body, type: type, from: senderKey, in: $0) }
        let plaintext = try CryptoJSON(parsing: data)
        guard plaintext["sender"]?.string == event.sender else { throw Refusal("its plaintext names another sender") }
        guard plaintext["recipient"]?.string == identity.userID,
              plaintext["recipient_keys"]?["ed25519"]?.string == identity.ed25519 else { throw Refusal("it was meant for another device") }
        guard let claimed = plaintext["keys"]?["ed25519"]?.string else { throw Refusal("it claims no signing key") }
        // A device we know by its curve25519 key must claim its own ed25519 key, not another's.
        if let known = try knownDevice(curve25519: senderKey), known.userID != event.sender || known.ed25519 != claimed {
            throw Refusal("its keys do not match the sender's published device keys")
        }
        return .object((plaintext.object ?? [:]).merging(["sender_key": .string(senderKey)]) { $1 })
    }

    /// Tries the sessions with `senderKey` (newest first), then — for a pre-key message — a new
    /// inbound session, whose one-time key is then removed from the account.
    private func decrypt(_ body: String, type: OlmSessionHandle.MessageType, from senderKey: String, in connection: Connection) throws -> Data {
        let rows = try connection.query("SELECT session_id, pickle FROM olm_sessions WHERE sender_key = ? ORDER BY last_used DESC",
                                        [.text(senderKey)])
        for row in rows {
            guard let pickle = row["pickle"].string, let session = try? OlmSessionHandle.unpickle(pickle, key: pickleKey) else { continue }
            if type == .preKey, !session.matchesInbound(senderKey: senderKey, preKeyMessage: body) { continue }
            guard let plaintext = try? session.decrypt(type: type, body) else { continue }
            try store(session, senderKey: senderKey, in: connection)
            return plaintext
        }
        guard type == .preKey else { throw Refusal("no Olm session with \(senderKey) decrypts it") }
        let session = try OlmSessionHandle.inbound(account: account, senderKey: senderKey, preKeyMessage: body)
        let plaintext = try session.decrypt(type: type, body)
        try account.removeOneTimeKeys(for: session)
        try saveAccount(in: connection)
        try store(session, senderKey: senderKey, in: connection)
        return plaintext
    }

    func store(_ session: OlmSessionHandle, senderKey: String, in connection: Connection) throws {
        _ = try connection.run("INSERT OR REPLACE INTO olm_sessions (session_id, sender_key, pickle, last_used) VALUES (?, ?, ?, ?)",
                               [.text(session.id), .text(senderKey), .text(try session.pickle(key: pickleKey)),
                                .integer(Int64(Date().timeIntervalSince1970 * 1000))])
    }

    private func handleDecrypted(_ plaintext: CryptoJSON, from event: ToDeviceEvent) throws -> ToDeviceOutcome {
        if let type = plaintext["type"]?.string, VerificationMessage.isVerification(type), let content = plaintext["content"] {
            // Sent encrypted by some clients; the sender was checked against the Olm session above.
            return .verification(ToDeviceEvent(type: type, sender: event.sender, content: content))
        }
        if plaintext["type"]?.string == Self.forwardedKeyType { return try receiveForwardedKey(plaintext, from: event) }
        guard plaintext["type"]?.string == "m.room_key" else { return .ignored("olm: \(plaintext["type"]?.string ?? "no type")") }
        let content = plaintext["content"]
        guard content?["algorithm"]?.string == Self.megolmAlgorithm,
              let room = content?["room_id"]?.string, let sessionID = content?["session_id"]?.string,
              let sessionKey = content?["session_key"]?.string, let senderKey = plaintext["sender_key"]?.string else {
            throw Refusal("a room key without its fields")
        }
        let session = try MegolmInboundHandle.create(sessionKey: sessionKey)
        guard session.id == sessionID else { throw Refusal("the key's session id is not the one it names") }
        let held = HeldInboundSession(session: session, sessionID: sessionID, senderKey: senderKey, room: room, sender: event.sender,
                                      claimedEd25519: plaintext["keys"]?["ed25519"]?.string)
        do {
            try database.writeSync { try storeInbound(held, in: $0) }
        } catch InboundRefusal.notBetter {
            // Keep whichever copy reaches further back: a later share may start at a later index.
        }
        return .roomKey(room: room, sessionID: sessionID)
    }

    /// `m.room_key.withheld` comes unencrypted; it only explains a missing key, so it is kept
    /// for the placeholder and never stops a key that does arrive.
    private func recordWithheld(_ event: ToDeviceEvent) -> ToDeviceOutcome {
        let content = event.content
        guard let room = content["room_id"]?.string, let sessionID = content["session_id"]?.string,
              let senderKey = content["sender_key"]?.string, let code = content["code"]?.string else {
            return .ignored("a withheld notice without its fields")
        }
        do {
            try database.writeSync { connection in
                _ = try connection.run("""
                    INSERT OR REPLACE INTO withheld (session_id, sender_key, room_id, code, reason) VALUES (?, ?, ?, ?, ?)
                    """, [.text(sessionID), .text(senderKey), .text(room), .text(code), SQLValue(content["reason"]?.string)])
            }
        } catch {
            return .ignored("withheld notice not stored: \(error)")
        }
        return .withheld(room: room, sessionID: sessionID)
    }
}

/// A to-device message or event refused, with why.
struct Refusal: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
