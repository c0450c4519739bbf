import FoundationEssentials
import MatrixCrypto

/// The key endpoints end-to-end encryption uses.
extension MatrixClient {
    /// Publishes device keys and/or one-time keys; returns the server's one-time key counts.
    func uploadKeys(_ request: KeysUploadRequest) async throws -> [String: Int] {
        try await call(Endpoint.client(.post, "keys", "upload").with(json: request), as: KeysUploadResponse.self).one_time_key_counts ?? [:]
    }

    /// The published devices and cross-signing keys of `users`.
    func queryKeys(_ users: [String]) async throws -> KeysQueryResponse {
        let request = KeysQueryRequest(device_keys: Dictionary(uniqueKeysWithValues: users.map { ($0, []) }))
        return try await call(Endpoint.client(.post, "keys", "query").with(json: request), as: KeysQueryResponse.self)
    }

    /// The cross-signing key objects `user` publishes (master, self-signing and, for the
    /// signed-in user only, user-signing), as the server gives them.
    func queryCrossSigningKeys(of user: String) async throws -> [CrossSigningUsage: CryptoJSON] {
        let request = KeysQueryRequest(device_keys: [user: []])
        let answer = try await call(Endpoint.client(.post, "keys", "query").with(json: request), as: KeysQueryResponse.self)
        var keys: [CrossSigningUsage: CryptoJSON] = [:]
        keys[.master] = answer.master_keys?[user]
        keys[.selfSigning] = answer.self_signing_keys?[user]
        keys[.userSigning] = answer.user_signing_keys?[user]
        return keys
    }

    /// One one-time key per device (`user → device → algorithm`); answers `user → device → {key id: key object}`.
    func claimKeys(_ devices: [String: [String: String]]) async throws -> [String: [String: [String: CryptoJSON]]] {
        try await call(Endpoint.client(.post, "keys", "claim").with(json: KeysClaimRequest(one_time_keys: devices)),
                       as: KeysClaimResponse.self).one_time_keys ?? [:]
    }

    /// Sends to-device events of `type` (`user → device → content`) under `transactionID`.
    func sendToDevice(_ type: String, _ messages: [String: [String: CryptoJSON]], transactionID: String) async throws {
        _ = try await call(Endpoint.client(.put, "sendToDevice", type, transactionID).with(json: ToDeviceRequest(messages: messages)),
                           as: JSONValue.self)
    }

    /// Who may read what is sent to the room now: its joined and invited members, as the server
    /// knows them. Invited members count, as in Element: the other person of a new direct
    /// conversation is only invited when the first message goes out, and must read it on joining.
    func readingMembers(_ room: String) async throws -> [String] {
        let answer = try await call(Endpoint.client(.get, "rooms", room, "members", query: [("not_membership", "leave")]),
                                    as: MembersResponse.self)
        return answer.chunk.compactMap { event in
            guard event.type == "m.room.member", let user = event.state_key,
                  case .object(let content)? = event.content.json, case .string(let membership) = content["membership"],
                  membership == "join" || membership == "invite" else { return nil }
            return user
        }
    }

    /// Sends an `m.room.encrypted` event. The same `transactionID` from the same device yields the same event.
    func sendEncrypted(_ content: CryptoJSON, to room: String, transactionID: String) async throws -> String {
        let endpoint = try Endpoint.client(.put, "rooms", room, "send", "m.room.encrypted", transactionID).with(json: content)
        return try await call(endpoint, as: EventIDResponse.self).event_id
    }
}
