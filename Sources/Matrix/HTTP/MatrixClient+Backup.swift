import FoundationEssentials
import MatrixCrypto

/// The server-side key backup endpoints (`/room_keys`).
extension MatrixClient {
    /// The newest backup version, or nil when the account has none.
    func latestBackupVersion() async throws -> BackupVersion? {
        do {
            return try await call(Endpoint.client(.get, "room_keys", "version"), as: BackupVersion.self)
        } catch MatrixError.api(status: 404, _, _, _) {
            return nil
        }
    }

    /// A new backup version with `authData` (its public key, signed); its version id.
    func createBackupVersion(authData: CryptoJSON) async throws -> String {
        let request = BackupVersionRequest(algorithm: BackupKey.algorithm, auth_data: authData)
        return try await call(Endpoint.client(.post, "room_keys", "version").with(json: request), as: BackupVersionCreated.self).version
    }

    /// Replaces backup `version`'s `auth_data` (the same public key, more signatures).
    func updateBackupVersion(_ version: String, authData: CryptoJSON) async throws {
        let request = BackupVersionRequest(algorithm: BackupKey.algorithm, auth_data: authData, version: version)
        _ = try await call(Endpoint.client(.put, "room_keys", "version", version).with(json: request), as: CryptoJSON.self)
    }

    /// Uploads `rooms` (room → session id → `KeyBackupData`) into backup `version`.
    func uploadBackup(version: String, rooms: [String: [String: CryptoJSON]]) async throws {
        let body = CryptoJSON.object(["rooms": .object(rooms.mapValues { .object(["sessions": .object($0)]) })])
        _ = try await call(Endpoint.client(.put, "room_keys", "keys", query: [("version", version)]).with(json: body), as: CryptoJSON.self)
    }

    /// Every key in backup `version`: room → session id → `KeyBackupData`.
    func downloadBackup(version: String) async throws -> [String: [String: CryptoJSON]] {
        let answer = try await call(Endpoint.client(.get, "room_keys", "keys", query: [("version", version)]), as: CryptoJSON.self)
        var rooms: [String: [String: CryptoJSON]] = [:]
        for (room, value) in answer["rooms"]?.object ?? [:] { rooms[room] = value["sessions"]?.object ?? [:] }
        return rooms
    }
}

struct BackupVersion: Decodable, Sendable {
    var version: String
    var algorithm: String
    var auth_data: CryptoJSON
    var count: Int?

    var publicKey: String? { auth_data["public_key"]?.string }
}

struct BackupVersionRequest: Encodable, Sendable {
    var algorithm: String
    var auth_data: CryptoJSON
    var version: String?
}

struct BackupVersionCreated: Decodable, Sendable {
    var version: String
}
