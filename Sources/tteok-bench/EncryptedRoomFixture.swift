import Foundation
import MatrixCrypto

/// The encrypted room the end-to-end rows measure on a homeserver: a sender and `members`
/// accounts of `devicesPerMember` devices each (logged in, each device's keys and one-time keys
/// uploaded from a crypto store of its own, as another client's would be), all joined to a room
/// with `m.room.encryption`. Made fresh per bench run (names carry a random tag), since the
/// one-time keys a first send claims are used up.
final class EncryptedRoomFixture: Sendable {
    static let members = 10
    static let devicesPerMember = 5
    /// A throwaway account on a test server: the password is not a secret.
    static let password = "bench e2e password"

    /// One device of a member: its log-in and its crypto store.
    struct Device: Sendable {
        let session: RawMatrix
        let deviceID: String
        let machine: OlmMachine
    }

    let server: URL
    let senderName: String
    let roomID: String
    let roomName: String
    let devices: [Device]
    private let stores: BenchDevices

    private init(server: URL, senderName: String, roomID: String, roomName: String, devices: [Device], stores: BenchDevices) {
        (self.server, self.senderName, self.roomID, self.roomName, self.devices, self.stores) = (server, senderName, roomID, roomName, devices, stores)
    }

    /// The fixture of this bench run, made on first use.
    @MainActor private static var made: EncryptedRoomFixture?

    @MainActor
    static func shared(_ options: BenchOptions, log: @escaping @Sendable (String) -> Void) async throws -> EncryptedRoomFixture? {
        guard let address = options.homeserver else { return nil }
        guard let server = URL(string: address) else { throw BenchError.usage("--homeserver \(address) is not a URL") }
        if let made { return made }
        let fixture = try await prepare(server, options, log: log)
        made = fixture
        return fixture
    }

    private static func prepare(_ server: URL, _ options: BenchOptions, log: @Sendable (String) -> Void) async throws -> EncryptedRoomFixture {
        log("making an encrypted room with \(members * devicesPerMember) member devices…")
        let start = MonotonicClock.nanoseconds()
        let tag = String(UInt32.random(in: 0..<UInt32.max), radix: 36)
        let stores = try BenchDevices(options)
        let sender = try await register(server, "bench-e2e-sender-\(tag)")
        let roomName = "bench-e2e-\(tag)"
        let created = try await RawMatrix.request(server, "POST", "createRoom", token: sender.accessToken, body: [
            "name": roomName, "preset": "public_chat",
            "initial_state": [["type": "m.room.encryption", "state_key": "", "content": ["algorithm": OlmMachine.megolmAlgorithm]]],
        ])
        guard let roomID = created["room_id"] as? String else { throw BenchError.failed("createRoom answered \(created)") }
        var devices: [Device] = []
        for member in 0..<members {
            let name = "bench-e2e-member\(member)-\(tag)"
            let first = try await register(server, name)
            _ = try await first.join(roomID)
            for _ in 0..<devicesPerMember {
                devices.append(try await device(server, name, stores: stores))
            }
        }
        log(String(format: "encrypted room made in %.1f s", MonotonicClock.milliseconds(since: start) / 1000))
        return EncryptedRoomFixture(server: server, senderName: sender.userID, roomID: roomID, roomName: roomName, devices: devices, stores: stores)
    }

    /// A new account that agreed to the community terms (tteok posts and opens rooms only then).
    private static func register(_ server: URL, _ name: String) async throws -> RawMatrix {
        let account = try await RawMatrix.register(server, name: name, password: password)
        try await account.acceptTerms()
        return account
    }

    /// A new device of `name`: logged in, its device keys and a full set of one-time keys uploaded.
    private static func device(_ server: URL, _ name: String, stores: BenchDevices) async throws -> Device {
        let answer = try await RawMatrix.request(server, "POST", "login", token: nil, body: [
            "type": "m.login.password", "identifier": ["type": "m.id.user", "user": name], "password": password,
        ])
        guard let user = answer["user_id"] as? String, let token = answer["access_token"] as? String,
              let deviceID = answer["device_id"] as? String else { throw BenchError.failed("log-in answered \(answer)") }
        let machine = try stores.device(user, deviceID)
        let session = RawMatrix(server: server, userID: user, accessToken: token)
        let body = try Self.object(.object(["device_keys": try machine.signedDeviceKeys(),
                                            "one_time_keys": .object(try machine.oneTimeKeysToUpload(serverCount: 0))]))
        let counts = try await RawMatrix.request(server, "POST", "keys/upload", token: token, body: body)
        guard ((counts["one_time_key_counts"] as? [String: Any])?["signed_curve25519"] as? Int ?? 0) > 0 else {
            throw BenchError.failed("keys/upload answered \(counts)")
        }
        try machine.markOneTimeKeysPublished()
        return Device(session: session, deviceID: deviceID, machine: machine)
    }

    /// A JSON object for `RawMatrix`'s requests.
    static func object(_ value: CryptoJSON) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(value)) as? [String: Any] else {
            throw BenchError.failed("not a JSON object")
        }
        return object
    }

    /// GETs or POSTs `path` as `session` and reads the answer as `CryptoJSON`.
    static func call(_ session: RawMatrix, _ method: String, _ path: String, body: CryptoJSON? = nil) async throws -> CryptoJSON {
        let answer = try await RawMatrix.exchange(session.server, method, path, token: session.accessToken, body: try body.map(object), timeout: 60)
        guard (200..<300).contains(answer.status) else { throw BenchError.failed("\(method) \(path.prefix(40)) answered \(answer.status)") }
        return try CryptoJSON(parsing: answer.data)
    }
}
