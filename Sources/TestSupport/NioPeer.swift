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

    public init(user: SynapseUser, store: URL) {
        self.user = user
        self.store = store
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

    private func run(_ request: [String: Any]) throws -> [String: Any] {
        var full = request
        full["server"] = user.server.absoluteString
        full["user"] = user.userID
        full["password"] = user.password
        full["store"] = store.path
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
