import FoundationEssentials
import MatrixCrypto

/// Room keys asked of and forwarded between this person's own devices (`m.room_key_request`):
/// what this device cannot read is asked of the others (once per session; cancelled when the key
/// came); what another verified device of this person asked for is forwarded, Olm-encrypted.
extension EncryptionSession {
    /// Sends the requests for `missing`, the cancellations for `arrived` and the `forwards`.
    /// Best effort: offline, a request goes again with the next placeholder of its session.
    func exchangeKeys(missing: [MissingRoomKey] = [], arrived: [String] = [], forwards: [RoomKeyForward] = []) async {
        // Nearly every sync answer brings no key and misses none: no write transaction for it.
        guard !missing.isEmpty || !arrived.isEmpty || !forwards.isEmpty else { return }
        let me = crypto.identity.userID
        let outgoing = ((try? crypto.keyRequestCancellations(sessions: arrived)) ?? []) + ((try? crypto.keyRequests(for: missing)) ?? [])
        for content in outgoing {
            try? await client.sendToDevice("m.room_key_request", [me: ["*": content]], transactionID: TransactionID.make())
        }
        for forward in forwards { try? await send(forward) }
    }

    /// Asks again for every key not received yet: after this device became verified (the other
    /// devices refused it before).
    func askAgainForKeys() async {
        let me = crypto.identity.userID
        for content in (try? crypto.outstandingKeyRequests()) ?? [] {
            try? await client.sendToDevice("m.room_key_request", [me: ["*": content]], transactionID: TransactionID.make())
        }
    }

    /// One forwarded key, Olm-encrypted for the asking device (an Olm session claimed first when
    /// there is none).
    private func send(_ forward: RoomKeyForward) async throws {
        try await startOlmSessions(with: try crypto.devicesWithoutOlmSession([forward.device]))
        guard let content = try crypto.encryptForDevice(type: "m.forwarded_room_key", content: forward.content, device: forward.device) else { return }
        try await client.sendToDevice(MatrixCache.encryptedEventType, [forward.device.userID: [forward.device.deviceID: content]],
                                      transactionID: TransactionID.make())
    }
}
