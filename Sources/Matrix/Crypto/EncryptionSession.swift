import ChatCore
import FoundationEssentials
import MatrixCrypto

/// End-to-end encryption for one signed-in session: publishes this device's keys, takes in what
/// `/sync` brings for it (to-device room keys, device list changes, one-time key counts) and
/// decrypts room events — live, from history, and cached placeholders once their key arrives.
/// The crypto itself is behind `EndToEndCrypto`; this type only moves things between it, the
/// server and the cache.
final class EncryptionSession: Sendable {
    let crypto: EndToEndCrypto
    let client: MatrixClient
    let cache: MatrixCache
    /// Set once this device's keys are on the server (also recorded in the key store).
    private let published = Mutex(false)
    /// Each encrypted room's rotation policy, once asked (`m.room.encryption` cannot change it
    /// in a way that matters within a run: a new state event only applies to new sessions).
    let rotations = Mutex<[String: RotationPolicy]>([:])

    /// How many signed one-time keys the server should hold.
    static let oneTimeKeyTarget = 50
    static let signedCurve = "signed_curve25519"

    /// This device's interactive verifications (SAS), fed by the sync's to-device messages.
    let verifications: VerificationCenter

    init(crypto: EndToEndCrypto, client: MatrixClient, cache: MatrixCache) {
        self.crypto = crypto
        self.client = client
        self.cache = cache
        // The center sends in-room through this session (which owns it): held weakly, no cycle.
        let owner = Mutex(WeakSession())
        verifications = VerificationCenter(crypto: crypto, client: client, refreshDevices: { users in
            await Self.refreshDevices(of: users, crypto: crypto, client: client)
        }, sendInRoom: { room, type, content in
            guard let session = owner.withLock({ $0.session }) else { throw ChatError.offline("the session has ended") }
            return try await session.sendRoomEvent(room, type: type, content)
        })
        owner.withLock { $0.session = self }
    }

    private struct WeakSession {
        weak var session: EncryptionSession?
    }

    /// The libolm machine for `session`, its store at `keys` (one an earlier tteok kept beside
    /// the cache is moved there first). Nil for guests (read-only in tteok) and when the store
    /// cannot be opened — then encrypted rooms keep their placeholders, as before, and why is
    /// printed once.
    static func open(for session: MatrixSession, keys: KeyStoreLocation, client: MatrixClient, cache: MatrixCache) -> EncryptionSession? {
        guard !session.isGuest else { return nil }
        do {
            try keys.prepare(adopting: .beside(cacheFile: cache.file))
            let machine = try OlmMachine(path: keys.store, keyFile: keys.keyFile, userID: session.userID, deviceID: session.deviceID)
            return EncryptionSession(crypto: machine, client: client, cache: cache)
        } catch {
            DescriptorWriting.standardError("tteok: end-to-end encryption is off for this session: \(error)\n")
            return nil
        }
    }

    private var publishedMarker: String { "\(crypto.identity.deviceID) \(crypto.identity.curve25519)" }

    /// Before each sync until it succeeds: this device's keys and its first one-time keys go to
    /// the server, once per device. The key store records it (a restart of the same HOME, or one
    /// whose cache was deleted, finds them published: a cold start published them again, 50 new
    /// one-time keys each time, and the server's work on them slowed the first window); a cache
    /// an earlier tteok marked is taken at its word.
    func publishDeviceKeys() async {
        guard !published.withLock({ $0 }) else { return }
        do {
            if !crypto.deviceKeysPublished, try await cache.meta("e2e_published") != publishedMarker {
                let counts = try await client.uploadKeys(KeysUploadRequest(device_keys: try crypto.signedDeviceKeys(),
                                                                            one_time_keys: try crypto.oneTimeKeysToUpload(serverCount: 0)))
                try crypto.markOneTimeKeysPublished()
                try crypto.markDeviceKeysPublished()
                await replenish(serverCount: counts[Self.signedCurve] ?? 0)
            } else if !crypto.deviceKeysPublished {
                try crypto.markDeviceKeysPublished()
            }
            published.withLock { $0 = true }
        } catch {
            // Offline or refused: the next sync turn tries again.
        }
    }

    /// Tops the server's one-time keys up to the target.
    func replenish(serverCount: Int) async {
        guard serverCount < Self.oneTimeKeyTarget, let keys = try? crypto.oneTimeKeysToUpload(serverCount: serverCount), !keys.isEmpty else { return }
        guard (try? await client.uploadKeys(KeysUploadRequest(one_time_keys: keys))) != nil else { return }
        try? crypto.markOneTimeKeysPublished()
    }

    /// Asks the server for `users`' devices and records those whose keys check out.
    func refreshDevices(of users: Set<String>) async {
        await Self.refreshDevices(of: users, crypto: crypto, client: client)
    }

    static func refreshDevices(of users: Set<String>, crypto: EndToEndCrypto, client: MatrixClient) async {
        guard !users.isEmpty, let answer = try? await client.queryKeys(users.sorted()) else { return }
        try? learn(answer, users: users, crypto: crypto)
    }

    /// Takes in a `/keys/query` answer for `users`: each one's cross-signing keys, then devices.
    static func learn(_ answer: KeysQueryResponse, users: Set<String>, crypto: EndToEndCrypto) throws {
        for (user, devices) in answer.device_keys ?? [:] where users.contains(user) {
            try crypto.learnIdentity(of: user, master: answer.master_keys?[user], selfSigning: answer.self_signing_keys?[user])
            try crypto.learnDevices(of: user, devices)
        }
    }
}
