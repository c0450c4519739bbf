import FoundationEssentials
import MatrixCrypto

/// The cross-signing endpoints.
extension MatrixClient {
    /// Publishes the account's cross-signing keys. The server may ask for the password first
    /// (user-interactive auth, `m.login.password`); it is sent only then, in the request body.
    func uploadCrossSigningKeys(_ keys: CryptoJSON, user: String, password: String) async throws {
        let endpoint = try Endpoint.client(.post, "keys", "device_signing", "upload").with(json: keys)
        do {
            _ = try await call(endpoint, as: JSONValue.self)
        } catch MatrixError.interactiveAuth(let flows, let session) {
            guard flows.contains(["m.login.password"]) else { throw MatrixError.interactiveAuth(flows: flows, session: session) }
            var body = keys.object ?? [:]
            body["auth"] = .object([
                "type": .string("m.login.password"), "session": session.map(CryptoJSON.string) ?? .null, "password": .string(password),
                "identifier": .object(["type": .string("m.id.user"), "user": .string(user)]),
            ])
            do {
                _ = try await call(try Endpoint.client(.post, "keys", "device_signing", "upload").with(json: CryptoJSON.object(body)),
                                   as: JSONValue.self)
            } catch MatrixError.interactiveAuth {
                // Asked again after the password: the password was wrong.
                throw MatrixError.api(status: 401, code: "M_FORBIDDEN", message: "wrong password", retryAfterMilliseconds: nil)
            }
        }
    }

    /// Publishes signatures (`user → key or device id → signed object`); a signature the server
    /// refuses is an error.
    func uploadSignatures(_ signatures: CryptoJSON) async throws {
        let answer = try await call(try Endpoint.client(.post, "keys", "signatures", "upload").with(json: signatures), as: CryptoJSON.self)
        if let failures = answer["failures"]?.object, !failures.isEmpty {
            throw MatrixError.api(status: 400, code: "M_INVALID_SIGNATURE", message: "the server refused signatures: \(failures)",
                                  retryAfterMilliseconds: nil)
        }
    }
}
