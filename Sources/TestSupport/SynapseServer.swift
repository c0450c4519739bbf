import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The test homeserver started by `scripts/synapse.sh start` (or `scripts/test-all.sh`), and a
/// tiny independent client for setting up fixtures (users, rooms, messages) without going
/// through the code under test.
public enum SynapseServer {
    /// Why a Matrix test could not find its server. Thrown, so the test fails with this text.
    public struct Missing: Error, LocalizedError, CustomStringConvertible {
        public let detail: String
        public var errorDescription: String? { description }
        public var description: String {
            "Matrix tests need a running Synapse (\(detail)). Run `scripts/synapse.sh start` in the package root "
                + "(then `export TTEOK_SYNAPSE_URL=$(cat .build/synapse/url)`), or run everything with `scripts/test-all.sh`."
        }
    }

    /// The base URL from `TTEOK_SYNAPSE_URL`, else `.build/synapse/url` of this package; throws `Missing`.
    public static func url() throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        let text: String
        if let value = environment["TTEOK_SYNAPSE_URL"], !value.isEmpty {
            text = value
        } else {
            let urlFile = packageRoot.appendingPathComponent(".build/synapse/url")
            guard let contents = try? String(contentsOf: urlFile, encoding: .utf8) else {
                throw Missing(detail: "TTEOK_SYNAPSE_URL is not set and \(urlFile.path) does not exist")
            }
            text = contents.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard let url = URL(string: text), url.scheme != nil else { throw Missing(detail: "\"\(text)\" is not a URL") }
        guard answers(url) else { throw Missing(detail: "nothing answers at \(text): a server from an earlier run has stopped") }
        return url
    }

    /// True when `GET /_matrix/client/versions` answers 200 within a few seconds.
    static func answers(_ server: URL) -> Bool {
        guard let probe = URL(string: server.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/")) + "/_matrix/client/versions") else {
            return false
        }
        let done = DispatchSemaphore(value: 0)
        let status = Collected<Int>()
        URLSession.shared.dataTask(with: URLRequest(url: probe, timeoutInterval: 3)) { _, response, _ in
            status.append((response as? HTTPURLResponse)?.statusCode ?? 0)
            done.signal()
        }.resume()
        return done.wait(timeout: .now() + 4) == .success && status.values.first == 200
    }

    /// The package root (see `PackageRoot`).
    public static var packageRoot: URL { PackageRoot.url }

    /// A fresh, random user name that Synapse accepts (lower case, not all digits).
    public static func randomName(_ prefix: String = "t") -> String {
        prefix + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
    }
}

/// An account registered on the test server for a fixture.
public struct SynapseUser: Sendable {
    public let userID: String
    public let localpart: String
    public let password: String
    public let accessToken: String
    public let server: URL

    /// Registers a new user with the dummy stage.
    public static func register(on server: URL, name: String = SynapseServer.randomName(), password: String = UUID().uuidString) async throws -> SynapseUser {
        let body: [String: Any] = ["username": name, "password": password, "auth": ["type": "m.login.dummy"]]
        let answer = try await RawMatrix.request(server, "POST", "register", body: body)
        guard let user = answer["user_id"] as? String, let token = answer["access_token"] as? String else {
            throw RawMatrix.Failure(text: "register answered \(answer)")
        }
        return SynapseUser(userID: user, localpart: name, password: password, accessToken: token, server: server)
    }

    /// Creates a room; `public` rooms are listed in the directory. Returns the room id.
    /// `powerLevels` overrides parts of the room's power levels (e.g. `["events_default": 50]`: only moderators post).
    public func createRoom(name: String, public isPublic: Bool = true, worldReadable: Bool = false, guestsCanJoin: Bool = false,
                           extraState: [[String: Any]] = [], powerLevels: [String: Any]? = nil) async throws -> String {
        var state = extraState
        if worldReadable {
            state.append(["type": "m.room.history_visibility", "state_key": "", "content": ["history_visibility": "world_readable"]])
        }
        if guestsCanJoin {
            state.append(["type": "m.room.guest_access", "state_key": "", "content": ["guest_access": "can_join"]])
        }
        var body: [String: Any] = [
            "name": name, "preset": isPublic ? "public_chat" : "private_chat",
            "visibility": isPublic ? "public" : "private", "initial_state": state,
        ]
        if let powerLevels { body["power_level_content_override"] = powerLevels }
        let answer = try await RawMatrix.request(server, "POST", "createRoom", token: accessToken, body: body)
        guard let room = answer["room_id"] as? String else { throw RawMatrix.Failure(text: "createRoom answered \(answer)") }
        return room
    }

    public func join(_ room: String) async throws {
        _ = try await RawMatrix.request(server, "POST", "join/\(RawMatrix.encode(room))", token: accessToken, body: [:])
    }

    /// Sends a text message with the given transaction id; returns the event id.
    @discardableResult
    public func send(_ text: String, to room: String, transactionID: String = UUID().uuidString) async throws -> String {
        let path = "rooms/\(RawMatrix.encode(room))/send/m.room.message/\(RawMatrix.encode(transactionID))"
        let answer = try await RawMatrix.request(server, "PUT", path, token: accessToken, body: ["msgtype": "m.text", "body": text])
        guard let event = answer["event_id"] as? String else { throw RawMatrix.Failure(text: "send answered \(answer)") }
        return event
    }

    /// Sends `count` messages "\(prefix) 1" … "\(prefix) count" using `parallel` connections at once.
    /// Order on the server follows completion, so tests check the set, not the order.
    public func seed(_ count: Int, prefix: String, to room: String, parallel: Int = 4) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            var next = 1
            func add() {
                let index = next
                next += 1
                group.addTask { try await self.send("\(prefix) \(index)", to: room, transactionID: "seed-\(prefix)-\(index)") }
            }
            for _ in 0..<min(parallel, count) { add() }
            while try await group.next() != nil {
                if next <= count { add() }
            }
        }
    }

    /// Replaces a state event of `room` (e.g. `m.room.power_levels`), as another client would.
    public func setState(_ type: String, stateKey: String = "", _ content: [String: Any], in room: String) async throws {
        let path = "rooms/\(RawMatrix.encode(room))/state/\(RawMatrix.encode(type))/\(RawMatrix.encode(stateKey))"
        _ = try await RawMatrix.request(server, "PUT", path, token: accessToken, body: content)
    }

    public func setDisplayName(_ name: String) async throws {
        _ = try await RawMatrix.request(server, "PUT", "profile/\(RawMatrix.encode(userID))/displayname", token: accessToken, body: ["displayname": name])
    }

    /// The user ids the user directory finds for `term` when this user searches (the server
    /// updates the directory a moment after a profile or membership changes).
    public func searchDirectory(_ term: String) async throws -> [String] {
        let answer = try await RawMatrix.request(server, "POST", "user_directory/search", token: accessToken, body: ["search_term": term, "limit": 10])
        return (answer["results"] as? [[String: Any]] ?? []).compactMap { $0["user_id"] as? String }
    }
}

/// JSON over URLSession with no dependency on the Matrix module, for fixtures.
enum RawMatrix {
    struct Failure: Error, CustomStringConvertible {
        let text: String
        var description: String { text }
    }

    static func encode(_ segment: String) -> String {
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return segment.addingPercentEncoding(withAllowedCharacters: unreserved) ?? segment
    }

    static func request(_ server: URL, _ method: String, _ path: String, token: String? = nil, body: [String: Any]?) async throws -> [String: Any] {
        guard let url = URL(string: server.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/")) + "/_matrix/client/v3/" + path) else {
            throw Failure(text: "bad path \(path)")
        }
        var request = URLRequest(url: url, timeoutInterval: 60)
        request.httpMethod = method
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.httpBody = try JSONSerialization.data(withJSONObject: body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, status) = try await exchange(request)
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        guard (200..<300).contains(status) else {
            throw Failure(text: "\(method) \(path): HTTP \(status) \(String(decoding: data, as: UTF8.self))")
        }
        return object
    }

    static func exchange(_ request: URLRequest) async throws -> (Data, Int) {
        try await withCheckedThrowingContinuation { continuation in
            URLSession.shared.dataTask(with: request) { data, response, error in
                if let error { return continuation.resume(throwing: error) }
                continuation.resume(returning: (data ?? Data(), (response as? HTTPURLResponse)?.statusCode ?? 0))
            }.resume()
        }
    }
}

extension SynapseUser {
    /// One text message as the server stores it, read without the code under test.
    public struct StoredText: Sendable, Equatable {
        public let sender: String
        public let body: String
    }

    /// Every `m.room.message` of `room` the server holds, oldest first, paged back to the start
    /// (never through tteok's cache, so a test can count what the server really stored).
    public func storedTexts(in room: String, pageSize: Int = 500) async throws -> [StoredText] {
        var newestFirst: [StoredText] = []
        var from: String?
        for _ in 0..<1_000 {
            var path = "rooms/\(RawMatrix.encode(room))/messages?dir=b&limit=\(pageSize)"
            if let from { path += "&from=\(RawMatrix.encode(from))" }
            let answer = try await RawMatrix.request(server, "GET", path, token: accessToken, body: nil)
            let chunk = answer["chunk"] as? [[String: Any]] ?? []
            for event in chunk where event["type"] as? String == "m.room.message" {
                let content = event["content"] as? [String: Any] ?? [:]
                newestFirst.append(StoredText(sender: event["sender"] as? String ?? "", body: content["body"] as? String ?? ""))
            }
            guard let end = answer["end"] as? String, !chunk.isEmpty else { break }
            from = end
        }
        return newestFirst.reversed()
    }
}
