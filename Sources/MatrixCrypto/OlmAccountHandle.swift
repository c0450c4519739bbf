import COlm
import FoundationEssentials

/// One libolm `OlmAccount`: this device's identity keys (curve25519, ed25519) and its one-time
/// keys. Not thread-safe (libolm objects are not): `OlmMachine` uses it on its store's queue only.
final class OlmAccountHandle {
    private let memory: UnsafeMutableRawPointer
    let pointer: OpaquePointer

    private init() {
        memory = UnsafeMutableRawPointer.allocate(byteCount: olm_account_size(), alignment: 16)
        pointer = olm_account(memory)
    }

    deinit {
        olm_clear_account(pointer)
        memory.deallocate()
    }

    private func check(_ result: Int, _ call: String) throws {
        try OlmCall.check(result, call) { olm_account_last_error(pointer) }
    }

    /// A new account with fresh identity keys.
    static func create() throws -> OlmAccountHandle {
        let account = OlmAccountHandle()
        var random = OlmCall.random(olm_create_account_random_length(account.pointer))
        defer { OlmCall.wipe(&random) }
        try account.check(olm_create_account(account.pointer, &random, random.count), "olm_create_account")
        return account
    }

    static func unpickle(_ pickle: String, key: [UInt8]) throws -> OlmAccountHandle {
        let account = OlmAccountHandle()
        var bytes = Array(pickle.utf8)
        try account.check(olm_unpickle_account(account.pointer, key, key.count, &bytes, bytes.count), "olm_unpickle_account")
        return account
    }

    func pickle(key: [UInt8]) throws -> String {
        try OlmCall.string(length: olm_pickle_account_length(pointer)) { buffer, length in
            let written = olm_pickle_account(pointer, key, key.count, buffer, length)
            try check(written, "olm_pickle_account")
            return written
        }
    }

    /// `{"curve25519": …, "ed25519": …}` (unpadded base64).
    func identityKeys() throws -> (curve25519: String, ed25519: String) {
        let text = try OlmCall.string(length: olm_account_identity_keys_length(pointer)) { buffer, length in
            let written = olm_account_identity_keys(pointer, buffer, length)
            try check(written, "olm_account_identity_keys")
            return written
        }
        let keys = try CryptoJSON(parsing: Data(text.utf8))
        guard let curve = keys["curve25519"]?.string, let ed = keys["ed25519"]?.string else {
            throw OlmFailure(call: "olm_account_identity_keys", reason: "unexpected answer")
        }
        return (curve, ed)
    }

    /// The ed25519 signature (unpadded base64) of `message`.
    func sign(_ message: Data) throws -> String {
        try OlmCall.string(length: olm_account_signature_length(pointer)) { buffer, length in
            let written = message.withUnsafeBytes { olm_account_sign(pointer, $0.baseAddress, $0.count, buffer, length) }
            try check(written, "olm_account_sign")
            return written
        }
    }

    var maxOneTimeKeys: Int { olm_account_max_number_of_one_time_keys(pointer) }

    func generateOneTimeKeys(_ count: Int) throws {
        var random = OlmCall.random(olm_account_generate_one_time_keys_random_length(pointer, count))
        defer { OlmCall.wipe(&random) }
        try check(olm_account_generate_one_time_keys(pointer, count, &random, random.count), "olm_account_generate_one_time_keys")
    }

    /// The unpublished one-time keys: key id → curve25519 key.
    func oneTimeKeys() throws -> [String: String] {
        let text = try OlmCall.string(length: olm_account_one_time_keys_length(pointer)) { buffer, length in
            let written = olm_account_one_time_keys(pointer, buffer, length)
            try check(written, "olm_account_one_time_keys")
            return written
        }
        let keys = try CryptoJSON(parsing: Data(text.utf8))
        var result: [String: String] = [:]
        for (id, value) in keys["curve25519"]?.object ?? [:] { result[id] = value.string }
        return result
    }

    func markKeysAsPublished() {
        olm_account_mark_keys_as_published(pointer)
    }

    /// Forgets the one-time key a new inbound session used, so nobody can use it again.
    func removeOneTimeKeys(for session: OlmSessionHandle) throws {
        try check(olm_remove_one_time_keys(pointer, session.pointer), "olm_remove_one_time_keys")
    }
}
