import ChatCore
import FoundationEssentials
import MatrixCrypto

/// Sending into an encrypted room: who may read (the room's joined and invited members now, from the server),
/// their devices (fetched when unknown or changed), Olm sessions (claimed for devices without
/// one), the room key (shared by Olm with every device that lacks it), then the Megolm
/// encryption. The outbox calls this one message at a time; in-room verification too.
extension EncryptionSession {
    /// The `m.room.encrypted` content an event of `type` with `content` is sent as in `room`.
    /// Its `m.relates_to` (a reply's, an edit's) is copied outside the ciphertext too, as the
    /// spec asks, so the server can relate it — but not a reaction's: its `key` is the emoji
    /// someone chose, which is content, and Synapse refuses an annotation without its key, so a
    /// reaction's relation stays only inside. Throws `MatrixError` when the server cannot be
    /// reached (the outbox tries again later).
    func encrypt(type: String, _ content: OutgoingContent, in room: String) async throws -> CryptoJSON {
        try await shareRoomKey(room)
        let encrypted = try crypto.encrypt(room: room, type: type, content: try CryptoJSON(encoding: content))
        guard case .object(var fields) = encrypted, let relation = content.relatesTo,
              relation["rel_type"]?.stringValue != RelationType.reaction else { return encrypted }
        fields["m.relates_to"] = try CryptoJSON(encoding: relation)
        return .object(fields)
    }

    /// Sends an event of `type` into `room` now, encrypted when the room is, outside the outbox:
    /// in-room verification's steps are no chat lines, and one lost is not sent again later
    /// (the verification times out instead). Its `m.relates_to` is copied outside the ciphertext.
    func sendRoomEvent(_ room: String, type: String, _ content: CryptoJSON) async throws -> String {
        var checked: Set<String> = []
        guard try await OutboxSender.isEncrypted(room, cache: cache, client: client, checked: &checked) else {
            return try await client.sendEvent(type, content, to: room, transactionID: TransactionID.make())
        }
        try await shareRoomKey(room)
        var encrypted = try crypto.encrypt(room: room, type: type, content: content)
        if case .object(var fields) = encrypted, let relation = content["m.relates_to"] {
            fields["m.relates_to"] = relation
            encrypted = .object(fields)
        }
        return try await client.sendEncrypted(encrypted, to: room, transactionID: TransactionID.make())
    }

    /// Makes sure every device of every joined or invited member has the room's current key.
    func shareRoomKey(_ room: String) async throws {
        let members = try await client.readingMembers(room)
        try await fetchDevices(of: try crypto.usersNeedingDeviceQuery(members))
        let own = crypto.identity
        let devices = try members.flatMap { try crypto.devices(of: $0) }
            .filter { !($0.userID == own.userID && $0.deviceID == own.deviceID) }
        try await startOlmSessions(with: try crypto.devicesWithoutOlmSession(devices))
        let share = try crypto.roomKeyShare(room: room, devices: devices, rotation: try await rotation(of: room))
        guard !share.messages.isEmpty else { return }
        var messages: [String: [String: CryptoJSON]] = [:]
        for (device, content) in share.messages { messages[device.userID, default: [:]][device.deviceID] = content }
        try await client.sendToDevice(MatrixCache.encryptedEventType, messages, transactionID: TransactionID.make())
        try crypto.markShared(share)
    }

    /// `/keys/query` for `users`; unlike the sync's refresh, a failure is thrown (nothing is sent
    /// to a room whose readers we could not learn).
    private func fetchDevices(of users: [String]) async throws {
        guard !users.isEmpty else { return }
        try Self.learn(try await client.queryKeys(users.sorted()), users: Set(users), crypto: crypto)
    }

    /// `/keys/claim` one signed one-time key per device and starts an Olm session with each.
    /// A device with no key left stays without a session (it does not get this room key).
    func startOlmSessions(with devices: [DeviceKeys]) async throws {
        guard !devices.isEmpty else { return }
        var request: [String: [String: String]] = [:]
        for device in devices { request[device.userID, default: [:]][device.deviceID] = Self.signedCurve }
        let answer = try await client.claimKeys(request)
        var claimed: [DeviceKeys: CryptoJSON] = [:]
        for device in devices {
            guard let key = answer[device.userID]?[device.deviceID]?.first(where: { $0.key.hasPrefix(Self.signedCurve + ":") })?.value else { continue }
            claimed[device] = key
        }
        try crypto.startOlmSessions(claimed)
    }

    /// The room's rotation policy from its `m.room.encryption` state, asked once per room.
    private func rotation(of room: String) async throws -> RotationPolicy {
        if let known = rotations.withLock({ $0[room] }) { return known }
        let state = try await client.state(room, type: MatrixCache.encryptionType, as: CryptoJSON.self)
        let policy = RotationPolicy(encryptionState: state)
        rotations.withLock { $0[room] = policy }
        return policy
    }
}
