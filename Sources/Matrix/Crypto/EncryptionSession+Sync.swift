import ChatCore
import FoundationEssentials
import MatrixCrypto

/// What the crypto side took from one sync answer, to finish once the answer is cached.
struct PreparedSync: Sendable {
    /// The answer with every decryptable timeline event replaced by its plaintext.
    var sync: SyncResponse
    /// Events cached as placeholders, with their ciphertext.
    var undecrypted: [UndecryptedEvent] = []
    /// Megolm sessions whose keys just arrived (or were withheld).
    var keyedSessions: [String] = []
    /// The sending device (curve25519 key) of each event decrypted: `event id → sender_key`.
    var senderKeys: [String: String] = [:]
    /// Sessions of placeholders whose key never came: asked of this person's other devices.
    var missingKeys: [MissingRoomKey] = []
    /// Keys another verified device of this person asked for.
    var forwards: [RoomKeyForward] = []
}

/// Events with every decryptable one replaced by its plaintext, the placeholders with their
/// ciphertext, and the sending device of each event decrypted.
struct DecryptedEvents {
    var events: [RoomEvent]
    var undecrypted: [UndecryptedEvent] = []
    var senderKeys: [String: String] = [:]
    var missingKeys: [MissingRoomKey] = []
}

extension EncryptionSession {
    /// Takes in the answer's to-device events, device changes and key counts, then decrypts its
    /// timelines. Keys come first, so a message and its key in the same answer decrypt at once.
    func prepare(_ sync: SyncResponse) async -> PreparedSync {
        var prepared = PreparedSync(sync: sync)
        let toDevice = sync.to_device?.events ?? []
        // Know the senders' devices before their keys: a known device must claim its own signing key.
        // Changed lists are fetched again before the next send; left users are no longer tracked.
        try? crypto.deviceListsChanged(sync.device_lists?.changed ?? [], left: sync.device_lists?.left ?? [])
        var users = Set(sync.device_lists?.changed ?? [])
        for event in toDevice where event.type == "m.room.encrypted" {
            if (try? crypto.devices(of: event.sender).isEmpty) ?? true { users.insert(event.sender) }
        }
        // A key request is answered only for a verified device: know its newest signatures.
        for event in toDevice where event.type == "m.room_key_request" { users.insert(event.sender) }
        await refreshDevices(of: users)
        for event in toDevice {
            let received = ToDeviceEvent(type: event.type, sender: event.sender, content: event.content)
            if VerificationMessage.isVerification(event.type) {
                await verifications.receive(received)
                continue
            }
            switch crypto.receive(received) {
            case .roomKey(_, let session), .withheld(_, let session): prepared.keyedSessions.append(session)
            case .verification(let inner): await verifications.receive(inner)
            case .forward(let forward): prepared.forwards.append(forward)
            case .ignored: break
            }
        }
        if let counts = sync.device_one_time_keys_count {
            await replenish(serverCount: counts[Self.signedCurve] ?? 0)
        }
        for (room, joined) in sync.rooms?.join ?? [:] {
            guard var events = joined.timeline?.events else { continue }
            // A timeline with nothing encrypted is left as it is (not copied into the answer).
            if events.contains(where: { $0.type == MatrixCache.encryptedEventType }) {
                let decrypted = decrypt(events, in: room)
                events = decrypted.events
                prepared.sync.rooms?.join?[room]?.timeline?.events = decrypted.events
                prepared.undecrypted += decrypted.undecrypted
                prepared.senderKeys.merge(decrypted.senderKeys) { $1 }
                prepared.missingKeys += decrypted.missingKeys
            }
            for event in events {
                guard let verification = RoomVerificationEvent(event, in: room) else { continue }
                await verifications.receive(verification)
            }
        }
        return prepared
    }

    /// After the answer is cached: keeps the placeholders' ciphertext and decrypts, in place,
    /// cached placeholders whose key has just arrived. Returns the events that changed.
    func finish(_ prepared: PreparedSync) async -> [String] {
        try? await cache.recordUndecrypted(prepared.undecrypted)
        try? await cache.recordSenderKeys(prepared.senderKeys)
        var changed: [String] = []
        for session in Set(prepared.keyedSessions).sorted() {
            changed += await retry(session: session)
        }
        // New room keys go to the key backup, when there is one (offline: with a later answer).
        if !prepared.keyedSessions.isEmpty { _ = try? await uploadPendingBackup() }
        await exchangeKeys(missing: prepared.missingKeys, arrived: prepared.keyedSessions, forwards: prepared.forwards)
        return changed
    }

    /// Decrypts the cached placeholders of `session`; those still undecryptable get the new reason.
    func retry(session: String) async -> [String] {
        var changed: [String] = []
        for waiting in (try? await cache.undecrypted(session: session)) ?? [] {
            guard let content = try? CryptoJSON(parsing: Data(waiting.content.utf8)) else { continue }
            let ciphertext = MegolmCiphertext(roomID: waiting.roomID, eventID: waiting.eventID, sender: waiting.sender,
                                              timestamp: waiting.timestamp, content: content)
            do {
                let plain = try crypto.decrypt(ciphertext)
                let event = RoomEvent(event_id: waiting.eventID, type: plain.type, sender: waiting.sender,
                                      origin_server_ts: waiting.timestamp, content: JSONValue(plain.content))
                if try await cache.replacePlaceholder(waiting.eventID, with: event) {
                    try await cache.recordSenderKeys([waiting.eventID: plain.senderKey])
                    changed.append(waiting.eventID)
                }
            } catch let failure as Undecryptable {
                try? await cache.setUndecryptedReason(waiting.eventID, failure.reason.description)
            } catch {}
        }
        return changed
    }

    /// History pages: decrypts what it can before the page is cached; the rest become placeholders.
    func decrypt(_ page: MessagesResponse, in room: String) -> (MessagesResponse, DecryptedEvents) {
        var page = page
        let decrypted = decrypt(page.chunk, in: room)
        page.chunk = decrypted.events
        return (page, decrypted)
    }

    /// Each `m.room.encrypted` event replaced by its plaintext event (same id, sender, time);
    /// the undecryptable ones are kept as they are and listed with their reason.
    func decrypt(_ events: [RoomEvent], in room: String) -> DecryptedEvents {
        var positions: [Int] = [], ciphertexts: [MegolmCiphertext] = []
        for (index, event) in events.enumerated() {
            guard event.type == MatrixCache.encryptedEventType, event.state_key == nil, let id = event.event_id else { continue }
            positions.append(index)
            ciphertexts.append(MegolmCiphertext(roomID: room, eventID: id, sender: event.sender,
                                                timestamp: event.origin_server_ts ?? 0, content: CryptoJSON(event.content.json ?? .null)))
        }
        guard !ciphertexts.isEmpty else { return DecryptedEvents(events: events) }
        var batch = DecryptedEvents(events: events)
        for (position, (ciphertext, result)) in zip(positions, zip(ciphertexts, crypto.decrypt(ciphertexts))) {
            switch result {
            case .success(let decrypted):
                batch.events[position].type = decrypted.type
                batch.events[position].content = EventContent(type: decrypted.type, json: Self.plaintext(JSONValue(decrypted.content),
                                                                                                      clear: events[position].content.json ?? .null))
                batch.senderKeys[ciphertext.eventID] = decrypted.senderKey
            case .failure(let failure):
                guard let session = ciphertext.sessionID,
                      let text = try? String(decoding: JSONEncoder().encode(ciphertext.content), as: UTF8.self) else { continue }
                batch.undecrypted.append(UndecryptedEvent(eventID: ciphertext.eventID, roomID: room, sessionID: session, sender: ciphertext.sender,
                                                          timestamp: ciphertext.timestamp, content: text, reason: failure.reason.description))
                if failure.reason == .unknownSession, let senderKey = ciphertext.content["sender_key"]?.string {
                    batch.missingKeys.append(MissingRoomKey(room: room, sessionID: session, senderKey: senderKey))
                }
            }
        }
        return batch
    }
}

extension EncryptionSession {
    /// The relation travels in the clear beside the ciphertext (the server aggregates by it); a
    /// sender that left it out of the plaintext still meant it, so it is kept as the spec says.
    static func plaintext(_ content: JSONValue, clear: JSONValue) -> JSONValue {
        guard content["m.relates_to"] == nil, let relation = clear["m.relates_to"], case .object(var fields) = content else { return content }
        fields["m.relates_to"] = relation
        return .object(fields)
    }
}
