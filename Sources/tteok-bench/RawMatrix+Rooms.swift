import ChatCore
import Foundation
import Matrix

/// What the many-rooms fixture needs of a bare client: rooms it is in, making and joining rooms,
/// tteok's account data, and one timed request of tteok's own first `/sync`.
extension RawMatrix {
    /// Logs in, or registers the account first when the server does not know it (a fresh server).
    static func logInOrRegister(_ server: URL, name: String, password: String) async throws -> RawMatrix {
        if let session = try? await logIn(server, name: name, password: password) { return session }
        return try await register(server, name: name, password: password)
    }

    func joinedRoomCount() async throws -> Int {
        let answer = try await Self.request(server, "GET", "joined_rooms", token: accessToken, body: nil)
        return (answer["joined_rooms"] as? [Any])?.count ?? 0
    }

    /// A room of the fixture: named, joinable by anyone on the server, not in the public directory
    /// (so a shared test server's directory stays as other tests expect it).
    func createUnlistedRoom(named name: String, alias: String? = nil) async throws -> String {
        var body: [String: Any] = ["name": name, "preset": "public_chat"]
        if let alias { body["room_alias_name"] = alias }
        let answer = try await Self.request(server, "POST", "createRoom", token: accessToken, body: body, timeout: 120)
        guard let room = answer["room_id"] as? String else { throw BenchError.failed("createRoom answered \(answer)") }
        return room
    }

    /// Joins a room by id or alias (joining again is harmless); returns its id.
    func join(_ room: String) async throws -> String {
        let answer = try await Self.request(server, "POST", "join/\(Self.escaped(room))", token: accessToken, body: [:])
        guard let id = answer["room_id"] as? String else { throw BenchError.failed("join answered \(answer)") }
        return id
    }

    /// The community terms agreed to, as tteok stores consent (`net.tteok.profile` account data).
    func acceptTerms() async throws {
        _ = try await Self.request(server, "PUT", "user/\(Self.escaped(userID))/account_data/net.tteok.profile", token: accessToken,
                                   body: ["accepted_terms_version": CommunityTerms.currentVersion])
    }

    /// Milliseconds the server takes for the first request tteok makes with nothing cached: the
    /// sliding-sync window where `/versions` offers it, else the initial `/sync` with tteok's filter.
    func timedFirstRequest() async throws -> Double {
        let versions = try await Self.request(server, "GET", "/_matrix/client/versions", token: nil, body: nil)
        let offered = (versions["unstable_features"] as? [String: Any])?["org.matrix.simplified_msc3575"] as? Bool == true
        guard offered, let body = SyncStart.standard.slidingWindowBody,
              let object = try JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            return try await timedInitialSync(filter: SyncFilter.json)
        }
        let start = MonotonicClock.nanoseconds()
        let answer = try await Self.exchange(server, "POST", SyncStart.slidingSyncPath + "?timeout=0", token: accessToken, body: object, timeout: 120)
        let elapsed = MonotonicClock.milliseconds(since: start)
        guard answer.status == 200 else { throw BenchError.failed("the sliding-sync window answered \(answer.status)") }
        return elapsed
    }

    /// Milliseconds for one initial `/sync` with `filter` (tteok's own), answered in full.
    func timedInitialSync(filter: String) async throws -> Double {
        let start = MonotonicClock.nanoseconds()
        let answer = try await Self.exchange(server, "GET", "sync?timeout=0&filter=\(Self.escaped(filter))", token: accessToken, body: nil, timeout: 120)
        let elapsed = MonotonicClock.milliseconds(since: start)
        guard answer.status == 200 else { throw BenchError.failed("the initial /sync answered \(answer.status)") }
        return elapsed
    }
}
