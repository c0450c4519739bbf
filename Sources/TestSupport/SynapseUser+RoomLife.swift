import Foundation

/// What a test asks the server directly, as the user, never through tteok: read state and the
/// membership changes other clients make.
extension SynapseUser {
    /// The server's `unread_notifications.notification_count` for `room`, from a fresh `/sync`
    /// (no token: the server's own state, not what a client cached). nil when the room is absent.
    public func notificationCount(in room: String) async throws -> Int? {
        let filter = #"{"room":{"timeline":{"limit":1}},"presence":{"types":[]}}"#
        let answer = try await RawMatrix.request(server, "GET", "sync?timeout=0&filter=\(RawMatrix.encode(filter))", token: accessToken, body: nil)
        let joined = (answer["rooms"] as? [String: Any])?["join"] as? [String: Any]
        let unread = (joined?[room] as? [String: Any])?["unread_notifications"] as? [String: Any]
        return unread?["notification_count"] as? Int
    }

    /// The server's counts for `room` split by thread (MSC3773): the main timeline's
    /// `notification_count`, and each thread's by its root (a thread without one is left out).
    public func threadedNotificationCounts(in room: String) async throws -> (main: Int?, threads: [String: Int]) {
        let filter = #"{"room":{"timeline":{"limit":1,"unread_thread_notifications":true}},"presence":{"types":[]}}"#
        let answer = try await RawMatrix.request(server, "GET", "sync?timeout=0&filter=\(RawMatrix.encode(filter))", token: accessToken, body: nil)
        let joined = ((answer["rooms"] as? [String: Any])?["join"] as? [String: Any])?[room] as? [String: Any]
        let main = (joined?["unread_notifications"] as? [String: Any])?["notification_count"] as? Int
        var threads: [String: Int] = [:]
        for (root, counts) in joined?["unread_thread_notifications"] as? [String: Any] ?? [:] {
            if let count = (counts as? [String: Any])?["notification_count"] as? Int, count > 0 { threads[root] = count }
        }
        return (main, threads)
    }

    /// Where this user's `m.fully_read` marker of `room` stands, nil when never set.
    public func fullyRead(in room: String) async throws -> String? {
        let path = "user/\(RawMatrix.encode(userID))/rooms/\(RawMatrix.encode(room))/account_data/m.fully_read"
        return try? await RawMatrix.request(server, "GET", path, token: accessToken, body: nil)["event_id"] as? String
    }

    /// Moves this user's `m.fully_read` marker of `room` to `event`, and nothing else (no receipt).
    public func setFullyRead(_ event: String, in room: String) async throws {
        _ = try await RawMatrix.request(server, "POST", "rooms/\(RawMatrix.encode(room))/read_markers", token: accessToken,
                                        body: ["m.fully_read": event])
    }

    /// Sends a read receipt as another of this user's clients would; in `thread` (a root's id,
    /// or `main`) when given.
    public func markRead(_ event: String, in room: String, thread: String? = nil) async throws {
        let path = "rooms/\(RawMatrix.encode(room))/receipt/m.read/\(RawMatrix.encode(event))"
        _ = try await RawMatrix.request(server, "POST", path, token: accessToken, body: thread.map { ["thread_id": $0] } ?? [:])
    }

    /// Invites `user` to `room`.
    public func invite(_ user: String, to room: String) async throws {
        _ = try await RawMatrix.request(server, "POST", "rooms/\(RawMatrix.encode(room))/invite", token: accessToken, body: ["user_id": user])
    }

    /// Creates a room flagged as a direct conversation with `user`, invited, as Element starts one.
    public func createDirectRoom(with user: String) async throws -> String {
        let body: [String: Any] = ["preset": "trusted_private_chat", "is_direct": true, "invite": [user]]
        let answer = try await RawMatrix.request(server, "POST", "createRoom", token: accessToken, body: body)
        guard let room = answer["room_id"] as? String else { throw RawMatrix.Failure(text: "createRoom answered \(answer)") }
        return room
    }

    public func leave(_ room: String) async throws {
        _ = try await RawMatrix.request(server, "POST", "rooms/\(RawMatrix.encode(room))/leave", token: accessToken, body: [:])
    }

    /// Kicks (`ban: false`) or bans `user` from `room` with a reason.
    public func remove(_ user: String, from room: String, ban: Bool, reason: String) async throws {
        let path = "rooms/\(RawMatrix.encode(room))/\(ban ? "ban" : "kick")"
        _ = try await RawMatrix.request(server, "POST", path, token: accessToken, body: ["user_id": user, "reason": reason])
    }

    /// Starts (or stops) typing in `room`, as other clients announce it.
    public func setTyping(_ typing: Bool, in room: String, timeoutMs: Int = 30_000) async throws {
        let path = "rooms/\(RawMatrix.encode(room))/typing/\(RawMatrix.encode(userID))"
        var body: [String: Any] = ["typing": typing]
        if typing { body["timeout"] = timeoutMs }
        _ = try await RawMatrix.request(server, "PUT", path, token: accessToken, body: body)
    }

    /// The user ids the server says are typing in `room` now (from a fresh `/sync`).
    public func typingUsers(in room: String) async throws -> [String] {
        let filter = #"{"room":{"timeline":{"limit":1}},"presence":{"types":[]}}"#
        let answer = try await RawMatrix.request(server, "GET", "sync?timeout=0&filter=\(RawMatrix.encode(filter))", token: accessToken, body: nil)
        let joined = (answer["rooms"] as? [String: Any])?["join"] as? [String: Any]
        let ephemeral = ((joined?[room] as? [String: Any])?["ephemeral"] as? [String: Any])?["events"] as? [[String: Any]] ?? []
        let typing = ephemeral.first { $0["type"] as? String == "m.typing" }
        return (typing?["content"] as? [String: Any])?["user_ids"] as? [String] ?? []
    }
}

extension SynapseUser {
    /// The rooms the server says this user has joined.
    public func joinedRooms() async throws -> [String] {
        try await RawMatrix.request(server, "GET", "joined_rooms", token: accessToken, body: nil)["joined_rooms"] as? [String] ?? []
    }

    /// The display name `user` has in `room`'s current member state, as the server holds it.
    public func displayName(of user: String, in room: String) async throws -> String? {
        let path = "rooms/\(RawMatrix.encode(room))/state/m.room.member/\(RawMatrix.encode(user))"
        return try? await RawMatrix.request(server, "GET", path, token: accessToken, body: nil)["displayname"] as? String
    }

    /// This user's membership of `room` as the server holds it (`invite`, `join`, `leave`, …).
    public func membership(of user: String, in room: String) async throws -> String? {
        let path = "rooms/\(RawMatrix.encode(room))/state/m.room.member/\(RawMatrix.encode(user))"
        return try? await RawMatrix.request(server, "GET", path, token: accessToken, body: nil)["membership"] as? String
    }
}
