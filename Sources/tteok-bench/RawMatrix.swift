import ChatCore
import Foundation
import Matrix

/// A bare Matrix client for the Matrix row (JSON by hand over a plain HTTP transport): the other
/// account that sends, and the raw `/sync` long-poll that shows when the server itself delivers
/// an event. Only the HTTP transport is shared with tteok (libcurl; FoundationNetworking would
/// keep this benchmark from linking statically like tteok) — no sync engine, cache or model.
struct RawMatrix: Sendable {
    let server: URL
    let userID: String
    let accessToken: String

    static func register(_ server: URL, name: String, password: String) async throws -> RawMatrix {
        let answer = try await request(server, "POST", "register", token: nil,
                                       body: ["username": name, "password": password, "auth": ["type": "m.login.dummy"]])
        return try session(server, answer)
    }

    static func logIn(_ server: URL, name: String, password: String) async throws -> RawMatrix {
        let answer = try await request(server, "POST", "login", token: nil,
                                       body: ["type": "m.login.password", "identifier": ["type": "m.id.user", "user": name], "password": password])
        return try session(server, answer)
    }

    private static func session(_ server: URL, _ answer: [String: Any]) throws -> RawMatrix {
        guard let user = answer["user_id"] as? String, let token = answer["access_token"] as? String else {
            throw BenchError.failed("Matrix log-in answered \(answer)")
        }
        return RawMatrix(server: server, userID: user, accessToken: token)
    }

    func createRoom(named name: String) async throws -> String {
        let answer = try await Self.request(server, "POST", "createRoom", token: accessToken,
                                            body: ["name": name, "preset": "public_chat", "visibility": "public"])
        guard let room = answer["room_id"] as? String else { throw BenchError.failed("createRoom answered \(answer)") }
        return room
    }

    func send(_ text: String, to room: String, transactionID: String) async throws {
        _ = try await Self.request(server, "PUT", "rooms/\(Self.escaped(room))/send/m.room.message/\(transactionID)",
                                   token: accessToken, body: ["msgtype": "m.text", "body": text])
    }

    /// One `/sync`: the next token and the bodies of the message events it carried.
    func sync(since: String?, timeoutMilliseconds: Int) async throws -> (next: String, bodies: [String]) {
        var path = "sync?timeout=\(timeoutMilliseconds)"
        if let since { path += "&since=\(Self.escaped(since))" }
        let answer = try await Self.request(server, "GET", path, token: accessToken, body: nil, timeout: 90)
        guard let next = answer["next_batch"] as? String else { throw BenchError.failed("sync answered without next_batch") }
        let joined = (answer["rooms"] as? [String: Any])?["join"] as? [String: Any] ?? [:]
        let bodies = joined.values.flatMap { room -> [String] in
            let events = ((room as? [String: Any])?["timeline"] as? [String: Any])?["events"] as? [[String: Any]] ?? []
            return events.compactMap { ($0["content"] as? [String: Any])?["body"] as? String }
        }
        return (next, bodies)
    }

    // MARK: HTTP

    static func escaped(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    static func request(_ server: URL, _ method: String, _ path: String, token: String?, body: [String: Any]?,
                        timeout: TimeInterval = 30) async throws -> [String: Any] {
        let (data, status) = try await exchange(server, method, path, token: token, body: body, timeout: timeout)
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        guard (200..<300).contains(status) else { throw BenchError.failed("\(method) \(path.prefix(40)) answered \(status): \(object)") }
        return object
    }

    /// One request, the answer's bytes unread: what the server's own time is measured with.
    static func exchange(_ server: URL, _ method: String, _ path: String, token: String?, body: [String: Any]?,
                         timeout: TimeInterval = 30) async throws -> (data: Data, status: Int) {
        // A path from the root (`/_matrix/…`) as it is; any other below the v3 client API.
        let full = path.hasPrefix("/") ? path : "/_matrix/client/v3/" + path
        guard let url = URL(string: server.absoluteString + full) else { throw BenchError.failed("bad URL for \(path)") }
        var request = HTTPRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = method
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.httpBody = try JSONSerialization.data(withJSONObject: body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await CurlTransport().exchange(request)
        return (data, response.statusCode)
    }
}

/// The raw `/sync` long-poll: records when each message body first arrived (monotonic ns).
final class RawSyncPoller: Sendable {
    private let client: RawMatrix
    private let arrivals = Mutex<[String: UInt64]>([:])
    private let task = Mutex<Task<Void, Never>?>(nil)

    init(_ client: RawMatrix) { self.client = client }

    /// Catches up (without long-polling), then long-polls until stopped.
    func start() async throws {
        var since = try await client.sync(since: nil, timeoutMilliseconds: 0).next
        let client = self.client
        let running = Task { [arrivals] in
            while !Task.isCancelled {
                guard let answer = try? await client.sync(since: since, timeoutMilliseconds: 30_000) else { continue }
                let now = MonotonicClock.nanoseconds()
                arrivals.withLock { seen in for body in answer.bodies where seen[body] == nil { seen[body] = now } }
                since = answer.next
            }
        }
        task.withLock { $0 = running }
    }

    func arrival(of body: String) -> UInt64? { arrivals.withLock { $0[body] } }

    func stop() { task.withLock { $0?.cancel() } }
}
