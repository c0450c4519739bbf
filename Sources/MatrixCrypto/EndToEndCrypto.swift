import FoundationEssentials

/// End-to-end encryption as the Matrix backend uses it: this device's identity and keys, what
/// arrives by to-device messages, and the decryption of room events. Only our own values cross
/// it, so another Olm/Megolm implementation (vodozemac, once Debian has a C library for it) can
/// replace the libolm one (`OlmMachine`) without the Matrix module changing.
public protocol EndToEndCrypto: AnyObject, Sendable {
    /// This device: its user, device id and identity keys.
    var identity: DeviceIdentity { get }

    /// The `device_keys` object for `/keys/upload`, signed with this device's ed25519 key.
    func signedDeviceKeys() throws -> CryptoJSON

    /// Signed curve25519 one-time keys (`signed_curve25519:ID` → key object) to upload so the
    /// server holds enough, given how many it holds (`device_one_time_keys_count`); empty when
    /// it holds enough. Call `markOneTimeKeysPublished` after the server took them.
    func oneTimeKeysToUpload(serverCount: Int) throws -> [String: CryptoJSON]
    func markOneTimeKeysPublished() throws

    /// Whether the server took this device's keys (`markDeviceKeysPublished`): recorded with the
    /// account, so a start whose cache was deleted does not publish them again.
    var deviceKeysPublished: Bool { get }
    func markDeviceKeysPublished() throws

    /// Handles one to-device event (an Olm-encrypted `m.room_key`, an `m.room_key.withheld`, …).
    func receive(_ event: ToDeviceEvent) -> ToDeviceOutcome

    /// Decrypts one `m.room.encrypted` room event; throws `Undecryptable` with the reason.
    func decrypt(_ event: MegolmCiphertext) throws -> DecryptedRoomEvent

    /// Decrypts a page of events at once (a history page): one result per event, in order.
    func decrypt(_ events: [MegolmCiphertext]) -> [Result<DecryptedRoomEvent, Undecryptable>]

    /// Records the devices `/keys/query` returned for `user` (`device id → device_keys`);
    /// devices whose self-signature does not verify are dropped. Returns the devices kept.
    @discardableResult
    func learnDevices(of user: String, _ devices: [String: CryptoJSON]) throws -> [DeviceKeys]

    /// The devices known for `user`.
    func devices(of user: String) throws -> [DeviceKeys]

    // MARK: Sending (see `RoomKeyShare`)

    /// Of `users`, those whose device list must be fetched (`/keys/query`) before a room key
    /// goes out: never fetched, or changed since (`deviceListsChanged`).
    func usersNeedingDeviceQuery(_ users: [String]) throws -> [String]

    /// `/sync`'s `device_lists`: `changed` users are fetched again before the next send,
    /// `left` users (no room shared any more) are no longer tracked.
    func deviceListsChanged(_ changed: [String], left: [String]) throws

    /// Of `devices`, those with no Olm session yet: a one-time key must be claimed for each.
    func devicesWithoutOlmSession(_ devices: [DeviceKeys]) throws -> [DeviceKeys]

    /// Starts an Olm session with each device from the `signed_curve25519` key object claimed
    /// for it (`/keys/claim`); a key not signed by that device's ed25519 key is refused.
    /// Returns the devices that now have a session.
    @discardableResult
    func startOlmSessions(_ claimed: [DeviceKeys: CryptoJSON]) throws -> [DeviceKeys]

    /// The room's outbound Megolm session — a new one when there is none, when `rotation` says
    /// it is used up, or when a device that has its key is no longer among `devices` (its user
    /// left) — and its `m.room_key` Olm-encrypted for each of `devices` that lacks it.
    func roomKeyShare(room: String, devices: [DeviceKeys], rotation: RotationPolicy) throws -> RoomKeyShare

    /// Records that the share's messages were delivered (`/sendToDevice` succeeded).
    func markShared(_ share: RoomKeyShare) throws

    /// The `m.room.encrypted` content of an event of `type` with `content` in `room`, with the
    /// room's current outbound session (call `roomKeyShare` first).
    func encrypt(room: String, type: String, content: CryptoJSON) throws -> CryptoJSON

    // MARK: Room keys out and in (key export files, server-side backup)

    /// Every Megolm session held, each exported at its first known index.
    func exportRoomKeys() throws -> [ExportedRoomKey]

    /// Takes in exported keys as if they had been shared: a key is stored only when it is the
    /// session it names and reaches further back than the copy held; one that names another room
    /// or sender than the session held under its id is refused (a forged file or backup).
    func importRoomKeys(_ keys: [ExportedRoomKey]) throws -> RoomKeyImport

    /// Up to `limit` room keys not yet uploaded to backup `version` (new, or better copies since).
    func roomKeysNotBackedUp(version: String, limit: Int) throws -> [ExportedRoomKey]

    /// Records that the server took `keys` into backup `version`.
    func markBackedUp(_ keys: [ExportedRoomKey], version: String) throws

    // MARK: Key requests between this person's devices

    /// `m.room_key_request` contents for the sessions of `missing` not asked for yet.
    func keyRequests(for missing: [MissingRoomKey]) throws -> [CryptoJSON]

    /// Every request not answered yet (to send again once this device is verified).
    func outstandingKeyRequests() throws -> [CryptoJSON]

    /// Cancellations of the requests for `sessions`, whose keys arrived.
    func keyRequestCancellations(sessions: [String]) throws -> [CryptoJSON]

    /// `content` of `type` Olm-encrypted for `device`; nil without an Olm session with it.
    func encryptForDevice(type: String, content: CryptoJSON, device: DeviceKeys) throws -> CryptoJSON?

    // MARK: Verification (see `SasVerification`)

    /// Records that the person verified `device` by emoji, with the signing key it has now.
    func markVerified(_ device: DeviceKeys) throws

    /// Whether `device`, with this signing key, was verified.
    func isVerified(_ device: DeviceKeys) throws -> Bool

    /// How far to trust the device of `user` whose Olm identity key is `senderKey` (a Megolm
    /// message's `sender_key`): verified, unverified (unknown or never verified), or changed (its
    /// device id was verified with another signing key).
    func trust(ofSender user: String, senderKey: String) throws -> DeviceTrust

    // MARK: Cross-signing

    /// New master, self-signing and user-signing keys with the body of
    /// `/keys/device_signing/upload`; the keys in use stay until `keepCrossSigningKeys`.
    func createCrossSigningKeys() throws -> NewCrossSigningKeys

    /// Keeps `keys` (sealed in the store) in place of the old ones: call once the server took them.
    func keepCrossSigningKeys(_ keys: NewCrossSigningKeys) throws

    /// This device's keys signed by the self-signing key, for `/keys/signatures/upload`; nil
    /// without cross-signing keys.
    func signOwnDevice() throws -> CryptoJSON?

    /// Another own device verified by emoji: its published `keys` signed by the self-signing
    /// key, for `/keys/signatures/upload`; nil without that key or when `keys` are not `device`'s.
    func signOwnDevice(_ keys: CryptoJSON, verified device: DeviceKeys) throws -> CryptoJSON?

    /// The public key of this account's cross-signing key for `usage`, if made here.
    func crossSigningPublicKey(_ usage: CrossSigningUsage) throws -> String?

    /// Records `user`'s published master and self-signing keys (the latter only when signed by
    /// the former); call before `learnDevices` so devices are checked for cross-signatures.
    func learnIdentity(of user: String, master: CryptoJSON?, selfSigning: CryptoJSON?) throws

    /// After an emoji verification of `device`: trusts its user's master key when the
    /// verification's MAC covered it (`macVerifiedKeys`) or the device signed it, and returns the
    /// signature upload that signs it with the user-signing key.
    func trustIdentity(verifiedDevice device: DeviceKeys, macVerifiedKeys: Set<String>) throws -> CryptoJSON?

    // MARK: Secret storage (see `SecretStorageKey`)

    /// The secret storage key kept here (made or unlocked on this device), if any.
    func keptSecretStorageKey() throws -> SecretStorageKey?
    func keepSecretStorageKey(_ key: SecretStorageKey) throws

    /// The cross-signing private keys held here, as secret storage keeps them.
    func crossSigningSecrets() throws -> [CrossSigningUsage: String]

    /// Takes in cross-signing private keys from secret storage, each only if it is the private
    /// key of the public key the account publishes for it (else `CrossSigningMismatch`).
    @discardableResult
    func adoptCrossSigningKeys(_ secrets: [CrossSigningUsage: String], published: [CrossSigningUsage: String]) throws -> [CrossSigningUsage]

    /// A key backup's `auth_data` signed by this device and the master key (when held).
    func signBackupAuthData(_ authData: CryptoJSON) throws -> CryptoJSON
}

/// What a verification says about a device now.
public enum DeviceTrust: String, Hashable, Sendable {
    case verified, unverified, changed
}

/// A device's identity.
public struct DeviceIdentity: Hashable, Sendable {
    public let userID: String
    public let deviceID: String
    /// The Olm identity key (curve25519, unpadded base64).
    public let curve25519: String
    /// The signing key (ed25519, unpadded base64).
    public let ed25519: String
}

/// Another device's published keys, its self-signature checked.
public struct DeviceKeys: Hashable, Sendable {
    public let userID: String
    public let deviceID: String
    public let curve25519: String
    public let ed25519: String
}

/// A to-device event as `/sync` delivers it.
public struct ToDeviceEvent: Hashable, Sendable {
    public let type: String
    public let sender: String
    public let content: CryptoJSON

    public init(type: String, sender: String, content: CryptoJSON) {
        self.type = type
        self.sender = sender
        self.content = content
    }
}

/// What one to-device event changed.
public enum ToDeviceOutcome: Hashable, Sendable {
    /// A Megolm session key for `room` arrived: events of that session can now be decrypted.
    case roomKey(room: String, sessionID: String)
    /// The sender says it will not share this session's key with us.
    case withheld(room: String, sessionID: String)
    /// An interactive verification message that came Olm-encrypted (the plaintext event).
    case verification(ToDeviceEvent)
    /// Another verified device of this person asked for a key held here: forward it.
    case forward(RoomKeyForward)
    /// Nothing tteok acts on (another type), or an event refused, with why.
    case ignored(String)
}

/// An `m.room.encrypted` room event to decrypt.
public struct MegolmCiphertext: Hashable, Sendable {
    public let roomID: String
    public let eventID: String
    public let sender: String
    public let timestamp: Int64
    /// The event's content: `algorithm`, `sender_key`, `session_id`, `ciphertext`.
    public let content: CryptoJSON

    public init(roomID: String, eventID: String, sender: String, timestamp: Int64, content: CryptoJSON) {
        self.roomID = roomID
        self.eventID = eventID
        self.sender = sender
        self.timestamp = timestamp
        self.content = content
    }

    public var sessionID: String? { content["session_id"]?.string }
}

/// The plaintext event inside an `m.room.encrypted` one.
public struct DecryptedRoomEvent: Hashable, Sendable {
    /// The plaintext's `type` (e.g. `m.room.message`) and `content`.
    public let type: String
    public let content: CryptoJSON
    /// The sending device's curve25519 key and the ed25519 key it claimed when sharing the session.
    public let senderKey: String
    public let claimedEd25519: String?
}

/// Why an event stays undecrypted.
public enum UndecryptableReason: Hashable, Sendable {
    /// No key for its session has arrived (it may still come).
    case unknownSession
    /// The sender withheld the key (`m.room_key.withheld`), with its code and reason.
    case withheld(code: String, reason: String?)
    /// Not `m.megolm.v1.aes-sha2`, or missing fields.
    case unsupported(String)
    /// The event claims another sender, room or position than its session allows (forged or replayed).
    case refused(String)
    /// libolm could not decrypt it (bad MAC, an index before the key we hold, …).
    case failed(String)

    /// In words, for the placeholder.
    public var description: String {
        switch self {
        case .unknownSession: return "the key for it has not arrived (yet)"
        case .withheld(let code, let reason): return "the sender withheld the key (\(code)\(reason.map { ": \($0)" } ?? ""))"
        case .unsupported(let what): return "unsupported encryption (\(what))"
        case .refused(let why): return "refused: \(why)"
        case .failed(let why): return "cannot be decrypted (\(why))"
        }
    }
}

/// A room event that could not be decrypted, and why.
public struct Undecryptable: Error, Hashable, Sendable {
    public let reason: UndecryptableReason
}
