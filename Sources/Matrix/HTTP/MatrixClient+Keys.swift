import Foundation
import MatrixCrypto

/// The key endpoints end-to-end encryption uses.
extension MatrixClient {
    /// Publishes device keys and/or one-time keys; returns the server's one-time key counts.
    func uploadKeys(_ request: KeysUploadRequest) async throws -> [String: Int] {
        try await call(Endpoint.client(.post, "keys", "upload").with(json: request), as: KeysUploadResponse.self).one_time_key_counts ?? [:]
    }

    /// The published devices of `users`.
    func queryKeys(_ users: [String]) async throws -> [String: [String: CryptoJSON]] {
        let request = KeysQueryRequest(device_keys: Dictionary(uniqueKeysWithValues: users.map { ($0, []) }))
        return try await call(Endpoint.client(.post, "keys", "query").with(json: request), as: KeysQueryResponse.self).device_keys ?? [:]
    }
}
