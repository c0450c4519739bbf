import FoundationEssentials

/// The typed endpoints tteok uses, one function each. Callers pass plain ids; encoding is `Endpoint`'s job.
extension MatrixClient {
    // MARK: Session

    func versions() async throws {
        var endpoint = Endpoint.client(.get, "versions")
        endpoint.segments = ["_matrix", "client", "versions"]
        endpoint.authenticated = false
        endpoint.answerLimit = Endpoint.smallAnswerLimit
        _ = try await perform(endpoint)
    }

    func register(username: String, password: String) async throws -> SessionResponse {
        var endpoint = try Endpoint.client(.post, "register")
            .with(json: RegisterRequest(username: username, password: password, auth: .init()))
        endpoint.authenticated = false
        endpoint.answerLimit = Endpoint.smallAnswerLimit
        return try await call(endpoint)
    }

    func registerGuest() async throws -> SessionResponse {
        var endpoint = try Endpoint.client(.post, "register", query: [("kind", "guest")]).with(json: EmptyBody())
        endpoint.authenticated = false
        endpoint.answerLimit = Endpoint.smallAnswerLimit
        return try await call(endpoint)
    }

    func logIn(user: String, password: String) async throws -> SessionResponse {
        var endpoint = try Endpoint.client(.post, "login")
            .with(json: PasswordLoginRequest(identifier: .init(user: user), password: password))
        endpoint.authenticated = false
        endpoint.answerLimit = Endpoint.smallAnswerLimit
        return try await call(endpoint)
    }

    func logOut() async throws {
        _ = try await perform(Endpoint.client(.post, "logout"))
    }

    // MARK: Rooms

    /// One page of the public room directory.
    func publicRooms(limit: Int, since: String?) async throws -> PublicRoomsResponse {
        var query = [(name: "limit", value: String(limit))]
        if let since { query.append(("since", since)) }
        return try await call(Endpoint.client(.get, "publicRooms", query: query))
    }

    func joinedRooms() async throws -> [String] {
        try await call(Endpoint.client(.get, "joined_rooms"), as: JoinedRoomsResponse.self).joined_rooms
    }

    /// Joins by room id or alias; returns the room id.
    func join(_ roomIDOrAlias: String) async throws -> String {
        try await call(Endpoint.client(.post, "join", roomIDOrAlias).with(json: EmptyBody()), as: RoomIDResponse.self).room_id
    }

    /// Leaves a room, or declines its invitation.
    func leave(_ room: String) async throws {
        _ = try await perform(Endpoint.client(.post, "rooms", room, "leave").with(json: EmptyBody()))
    }

    func createRoom(_ request: CreateRoomRequest) async throws -> String {
        try await call(Endpoint.client(.post, "createRoom").with(json: request), as: RoomIDResponse.self).room_id
    }

    /// Resolves `#alias:server` to a room id.
    func resolveAlias(_ alias: String) async throws -> String {
        try await call(Endpoint.client(.get, "directory", "room", alias), as: RoomIDResponse.self).room_id
    }

    /// The current state event of `type` (empty state key) in `room`.
    /// Every current state event of a room (`GET /rooms/{id}/state`).
    func roomState(_ room: String) async throws -> [RoomEvent] {
        try await call(Endpoint.client(.get, "rooms", room, "state"))
    }

    /// Sends a state event of `type` (empty state key) to `room`.
    func setState(_ room: String, type: String, _ content: JSONValue) async throws {
        _ = try await call(Endpoint.client(.put, "rooms", room, "state", type).with(json: content), as: EventIDResponse.self)
    }

    func state<Content: Decodable>(_ room: String, type: String, as content: Content.Type) async throws -> Content {
        try await call(Endpoint.client(.get, "rooms", room, "state", type))
    }

    // MARK: Timeline

    /// Sends a message event. The same `transactionID` from the same device yields the same event.
    func send(_ content: MessageEventContent, to room: String, transactionID: String) async throws -> String {
        let endpoint = try Endpoint.client(.put, "rooms", room, "send", "m.room.message", transactionID).with(json: content)
        return try await call(endpoint, as: EventIDResponse.self).event_id
    }

    /// Sends an event of any type (a reaction, an edit). The same `transactionID` yields the same event.
    func sendEvent<Content: Encodable>(_ type: String, _ content: Content, to room: String, transactionID: String) async throws -> String {
        let endpoint = try Endpoint.client(.put, "rooms", room, "send", type, transactionID).with(json: content)
        return try await call(endpoint, as: EventIDResponse.self).event_id
    }

    /// Redacts (deletes) an event.
    func redact(_ event: String, in room: String, transactionID: String) async throws -> String {
        let endpoint = try Endpoint.client(.put, "rooms", room, "redact", event, transactionID).with(json: EmptyBody())
        return try await call(endpoint, as: EventIDResponse.self).event_id
    }

    /// One event by id (`GET /rooms/{id}/event/{eventId}`): the original of a reply not cached.
    func event(_ id: String, in room: String) async throws -> RoomEvent {
        var endpoint = Endpoint.client(.get, "rooms", room, "event", id)
        endpoint.answerLimit = Endpoint.smallAnswerLimit
        return try await call(endpoint)
    }

    /// History going back (`dir=b`) from `from`, or from the live end when `from` is nil.
    func messages(in room: String, from: String?, limit: Int) async throws -> MessagesResponse {
        var query: [(name: String, value: String)] = [("dir", "b"), ("limit", String(min(limit, 1000))), ("filter", SyncFilter.messages)]
        if let from { query.append(("from", from)) }
        return try await call(Endpoint.client(.get, "rooms", room, "messages", query: query))
    }

    /// One long-poll. `timeout` is in milliseconds; the HTTP timeout leaves room above it.
    func sync(since: String?, timeout: Int, filter: String = SyncFilter.json) async throws -> SyncResponse {
        var query: [(name: String, value: String)] = [("filter", filter), ("timeout", String(timeout))]
        if let since { query.append(("since", since)) }
        var endpoint = Endpoint.client(.get, "sync", query: query)
        // An initial sync of a thousand rooms took a loaded Synapse over 30 s: abandoning it then
        // left `tteok channels` with the first window of rooms, and every retry started over.
        endpoint.timeout = TimeInterval(timeout) / 1000 + (since == nil ? 180 : 30)
        return try await call(endpoint)
    }

    /// Moves the main timeline's read receipt (`thread_id: main`, spec v1.4) and `m.fully_read`
    /// to `event`, the room's newest event outside every thread: the server's count of the room
    /// clears and other clients' "read up to here" line agrees with tteok, while each thread keeps
    /// its own count until it is read in the thread (`threadReceipt`).
    func setReadMarkers(room: String, event: String) async throws {
        do {
            _ = try await perform(Endpoint.client(.post, "rooms", room, "receipt", "m.read", event).with(json: ["thread_id": ReadReceipts.mainTimeline]))
            _ = try await perform(Endpoint.client(.post, "rooms", room, "read_markers").with(json: ReadMarkersRequest(fullyRead: event, read: nil)))
        } catch MatrixError.api(400, _, _, _) {
            // A server that judges `event` part of a thread takes the room's receipt, unthreaded.
            _ = try await perform(Endpoint.client(.post, "rooms", room, "read_markers").with(json: ReadMarkersRequest(fullyRead: event, read: event)))
        }
    }

    /// Starts (for `lasting` ms unless renewed) or ends `user`'s typing notice in `room`.
    func setTyping(_ typing: Bool, room: String, user: String, lasting: Int) async throws {
        let body = TypingRequest(typing: typing, timeout: typing ? lasting : nil)
        _ = try await perform(Endpoint.client(.put, "rooms", room, "typing", user).with(json: body))
    }

    func report(event: String, in room: String, reason: String) async throws {
        _ = try await perform(Endpoint.client(.post, "rooms", room, "report", event).with(json: ReportRequest(reason: reason)))
    }

    // MARK: Profiles and account data

    func profile(of user: String) async throws -> ProfileResponse {
        try await call(Endpoint.client(.get, "profile", user))
    }

    func setDisplayName(_ name: String, of user: String) async throws {
        _ = try await perform(Endpoint.client(.put, "profile", user, "displayname").with(json: DisplayNameRequest(displayname: name)))
    }

    /// Account data of `type`, or nil when the user has none of that type.
    func accountData<Content: Decodable>(_ type: String, of user: String, as content: Content.Type) async throws -> Content? {
        do {
            return try await call(Endpoint.client(.get, "user", user, "account_data", type), as: Content.self)
        } catch MatrixError.api(404, _, _, _) {
            return nil
        }
    }

    func setAccountData<Content: Encodable>(_ type: String, of user: String, to content: Content) async throws {
        _ = try await perform(Endpoint.client(.put, "user", user, "account_data", type).with(json: content))
    }

    func searchUsers(_ term: String, limit: Int) async throws -> [UserDirectoryResponse.User] {
        let endpoint = try Endpoint.client(.post, "user_directory", "search").with(json: UserDirectoryRequest(search_term: term, limit: limit))
        return try await call(endpoint, as: UserDirectoryResponse.self).results
    }

    // MARK: Media

    /// Uploads `data`; `fileName` nil sends none (an encrypted attachment's name stays in its event).
    func upload(_ data: Data, fileName: String?, mimeType: String) async throws -> String {
        var endpoint = Endpoint(method: .post, segments: ["_matrix", "media", "v3", "upload"], query: fileName.map { [("filename", $0)] } ?? [])
        endpoint.body = data
        endpoint.contentType = mimeType
        let uri = try await call(endpoint, as: MediaUploadResponse.self).content_uri
        guard MediaReference(uri) != nil else { throw MatrixError.malformed(endpoint: endpoint.summary, detail: "not a valid mxc:// URI") }
        return uri
    }

    /// Downloads `mxc://server/id` through the authenticated media API (spec v1.11), or, from a
    /// server that does not know it (404 `M_UNRECOGNIZED`), through the legacy `/_matrix/media/v3`
    /// one. The URI comes from someone's event, so it is checked against the spec's grammar before
    /// any request. The legacy request carries the token too: it goes to the same homeserver.
    /// The joined members' `m.room.member` events of `room` (`GET /rooms/{id}/members`), for
    /// the member list of a room whose members sync loaded lazily.
    func joinedMemberEvents(_ room: String) async throws -> [RoomEvent] {
        try await call(Endpoint.client(.get, "rooms", room, "members", query: [("membership", "join")]), as: MembersResponse.self).chunk
    }

    func download(_ mxc: String) async throws -> Data {
        guard let media = MediaReference(mxc) else { throw MatrixError.malformed(endpoint: "media", detail: "not a valid mxc:// URI") }
        do {
            return try await perform(Self.download(media, under: ["_matrix", "client", "v1", "media"]))
        } catch MatrixError.api(404, "M_UNRECOGNIZED", _, _) {
            return try await perform(Self.download(media, under: ["_matrix", "media", "v3"]))
        }
    }

    private static func download(_ media: MediaReference, under base: [String]) -> Endpoint {
        var endpoint = Endpoint(method: .get, segments: base + ["download", media.serverName, media.mediaID])
        endpoint.answerLimit = Endpoint.mediaAnswerLimit
        return endpoint
    }
}
