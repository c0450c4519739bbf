import Foundation

/// matrix-nio with real Megolm encryption (python-olm), as the independent other client of the
/// encrypted-room tests: it creates rooms the way Element does and sends `m.room.encrypted`
/// events tteok cannot read. Runs `scripts/nio-peer.py` in the venv `scripts/nio-venv.sh`
/// installs (once per machine, under a lock); the password goes on standard input, never in
/// the process arguments.
public struct NioPeer: Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let user: SynapseUser
    /// nio's key store (its Olm account and Megolm sessions), kept across calls.
    public let store: URL

    /// nio's device id: another one (with another store) is a new device of the same user.
    public let deviceID: String

    public init(user: SynapseUser, store: URL, deviceID: String = "NIOPEER") {
        self.user = user
        self.store = store
        self.deviceID = deviceID
    }

    /// What nio decrypted in `room`: `live`, the timelines of its next syncs until `expect`
    /// texts came (or a minute passed); otherwise the room's whole history by `/messages`,
    /// oldest first. `undecryptable` counts the events nio could not decrypt.
    /// `join` first accepts the invite to `room`.
    public func read(_ room: String, live: Bool, expect: Int = 0, join: Bool = false) throws -> (texts: [String], undecryptable: Int) {
        let answer = try run(["action": "read", "room_id": room, "mode": live ? "live" : "history", "expect": expect, "join": join])
        return (answer["texts"] as? [String] ?? [], answer["undecryptable"] as? Int ?? 0)
    }

    /// Creates a room with `m.room.encryption` in its initial state, invites `invite`, and sends
    /// `texts` encrypted. Returns the room id and the sent events' ids.
    public func createEncryptedRoom(name: String, invite: [String], direct: Bool = false, texts: [String] = []) throws -> (room: String, eventIDs: [String]) {
        let answer = try run(["action": "create-encrypted-room", "name": name, "invite": invite, "direct": direct, "texts": texts])
        guard let room = answer["room_id"] as? String else { throw Failure(description: "nio-peer answered \(answer)") }
        return (room, answer["event_ids"] as? [String] ?? [])
    }

    /// Sends `texts` encrypted into `room`; returns the events' ids.
    public func sendEncrypted(_ texts: [String], to room: String) throws -> [String] {
        try run(["action": "send-encrypted", "room_id": room, "texts": texts])["event_ids"] as? [String] ?? []
    }

    /// Sends `steps` in order into `room` (which the peer has joined), in plaintext, as another
    /// client writes them; returns one event id per step.
    public func send(_ steps: [NioStep], to room: String) throws -> [String] {
        let ids = try run(["action": "relations", "room_id": room, "steps": steps.map(\.request)])["event_ids"] as? [String] ?? []
        guard ids.count == steps.count else { throw Failure(description: "nio-peer sent \(ids.count) of \(steps.count) steps") }
        return ids
    }

    /// The room's newest `limit` events as nio reads them, oldest first, each as raw JSON
    /// (`type`, `sender`, `content`, `event_id`, …): how another client sees what tteok sent.
    public func events(in room: String, limit: Int = 50) throws -> [[String: Any]] {
        guard let events = try run(["action": "events", "room_id": room, "limit": limit])["events"] as? [[String: Any]] else {
            throw Failure(description: "nio-peer read no events")
        }
        return events
    }

    /// The room's newest `limit` events as nio decrypts them, oldest first: a decrypted one as its
    /// plaintext event (`type`, `content`) with `decrypted` true, one nio cannot decrypt raw.
    public func decryptedEvents(in room: String, limit: Int = 50) throws -> [[String: Any]] {
        guard let events = try run(["action": "decrypted-events", "room_id": room, "limit": limit])["events"] as? [[String: Any]] else {
            throw Failure(description: "nio-peer decrypted no events")
        }
        return events
    }

    /// One attachment as nio downloaded it (decrypted and hash-checked by nio when encrypted).
    public struct Attachment: Sendable {
        public let eventID: String
        public let msgtype: String?
        public let body: String?
        public let encrypted: Bool
        public let data: Data
    }

    /// Every attachment among the room's newest `limit` events, downloaded by nio.
    public func attachments(in room: String, limit: Int = 50) throws -> [Attachment] {
        guard let rows = try run(["action": "attachments", "room_id": room, "limit": limit])["attachments"] as? [[String: Any]] else {
            throw Failure(description: "nio-peer listed no attachments")
        }
        return rows.map { row in
            Attachment(eventID: row["event_id"] as? String ?? "", msgtype: row["msgtype"] as? String, body: row["body"] as? String,
                       encrypted: row["encrypted"] as? Bool ?? false, data: Data(base64Encoded: row["data"] as? String ?? "") ?? Data())
        }
    }

    /// Writes nio's Megolm sessions to `file` in the standard key export format (nio's own
    /// `export_keys`); the passphrase goes on standard input with the rest of the request.
    public func exportKeys(to file: URL, passphrase: String) throws {
        _ = try run(["action": "export-keys", "file": file.path, "passphrase": passphrase])
    }

    /// The room's whole history as nio decrypts it after importing the key export `file` (nio's
    /// own `import_keys`), oldest first, and how many events stayed undecryptable.
    public func readHistory(_ room: String, importing file: URL, passphrase: String) throws -> (texts: [String], undecryptable: Int) {
        let answer = try run(["action": "read", "room_id": room, "mode": "history", "import_file": file.path, "import_passphrase": passphrase])
        return (answer["texts"] as? [String] ?? [], answer["undecryptable"] as? Int ?? 0)
    }

    /// Logs nio's device in and puts its device and one-time keys on the server, so that others
    /// can encrypt for it before it ever joins a room.
    public func uploadKeys() throws {
        _ = try run(["action": "upload-keys"])
    }

    /// Sends `texts` encrypted with a new Megolm session whose key reaches the room's other
    /// devices only when `KeyLater.share()` is called: messages that arrive before their key.
    public func sendWithKeyLater(_ texts: [String], to room: String) throws -> KeyLater {
        let goFile = store.appendingPathComponent("go-\(UUID().uuidString)")
        let (process, lines) = try spawn(["action": "send-key-later", "room_id": room, "texts": texts, "go_file": goFile.path])
        let later = KeyLater(process: process, lines: lines, goFile: goFile)
        guard let sent = lines.next(seconds: 120), let ids = sent["event_ids"] as? [String] else {
            process.terminate()
            throw Failure(description: "nio-peer send-key-later gave no event ids")
        }
        later.eventIDs = ids
        return later
    }

    /// A `send-key-later` run of the peer, waiting for the test to let the key go.
    public final class KeyLater: @unchecked Sendable {
        let process: Process
        let lines: JSONLines
        let goFile: URL
        public internal(set) var eventIDs: [String] = []

        init(process: Process, lines: JSONLines, goFile: URL) {
            self.process = process
            self.lines = lines
            self.goFile = goFile
        }

        /// Lets the key go; returns the devices (`@user/DEVICE`) it was sent to.
        public func share() throws -> [String] {
            _ = FileManager.default.createFile(atPath: goFile.path, contents: Data())
            defer { process.waitUntilExit() }
            guard let answer = lines.next(seconds: 60), let shared = answer["shared"] as? [String] else {
                process.terminate()
                throw Failure(description: "nio-peer did not share the key")
            }
            return shared
        }
    }

    /// The peer started in the background with `request`; its answers are read line by line.
    func spawn(_ request: [String: Any]) throws -> (Process, JSONLines) {
        let process = Process()
        process.executableURL = try Self.python()
        process.arguments = [PackageRoot.url.appendingPathComponent("scripts/nio-peer.py").path]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: try requestData(request))
        try input.fileHandleForWriting.close()
        return (process, JSONLines(output.fileHandleForReading))
    }

    private func requestData(_ request: [String: Any]) throws -> Data {
        var full = request
        full["server"] = user.server.absoluteString
        full["user"] = user.userID
        full["password"] = user.password
        full["store"] = store.path
        full["device_id"] = deviceID
        return try JSONSerialization.data(withJSONObject: full)
    }

    func run(_ request: [String: Any]) throws -> [String: Any] {
        var full = request
        full["server"] = user.server.absoluteString
        full["user"] = user.userID
        full["password"] = user.password
        full["store"] = store.path
        full["device_id"] = deviceID
        let input = String(decoding: try JSONSerialization.data(withJSONObject: full), as: UTF8.self)
        let script = PackageRoot.url.appendingPathComponent("scripts/nio-peer.py")
        let result = try ProcessRun.run(try Self.python(), [script.path], environment: ProcessInfo.processInfo.environment,
                                        stdin: input, timeout: 120)
        guard result.status == 0, let line = result.lines.last,
              let answer = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw Failure(description: "nio-peer failed: \(result)")
        }
        return answer
    }

    /// The venv's python, installed on first use (`scripts/nio-venv.sh` is idempotent and
    /// locked); looked up once per test process.
    public static func python() throws -> URL { try installed.get() }

    private static let installed = Result<URL, any Error> { try install() }

    private static func install() throws -> URL {
        let script = PackageRoot.url.appendingPathComponent("scripts/nio-venv.sh")
        let result = try ProcessRun.run(URL(fileURLWithPath: "/bin/bash"), [script.path],
                                        environment: ProcessInfo.processInfo.environment, timeout: 600)
        guard result.status == 0, let path = result.lines.last else {
            throw Failure(description: "the matrix-nio venv could not be installed: \(result)")
        }
        return URL(fileURLWithPath: path)
    }
}
