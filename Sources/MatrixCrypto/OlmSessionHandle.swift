import COlm
import FoundationEssentials

/// One libolm `OlmSession`: a pairwise Olm channel with one other device (to-device messages).
/// Not thread-safe; used on the store's queue only.
final class OlmSessionHandle {
    /// Olm message types on the wire (`type` in `m.olm.v1.curve25519-aes-sha2` ciphertext).
    enum MessageType: Int, Sendable {
        case preKey = 0
        case normal = 1
    }

    private let memory: UnsafeMutableRawPointer
    let pointer: OpaquePointer

    private init() {
        memory = UnsafeMutableRawPointer.allocate(byteCount: olm_session_size(), alignment: 16)
        pointer = olm_session(memory)
    }

    deinit {
        olm_clear_session(pointer)
        memory.deallocate()
    }

    private func check(_ result: Int, _ call: String) throws {
        try OlmCall.check(result, call) { olm_session_last_error(pointer) }
    }

    /// The session a pre-key message from `senderKey` starts; its one-time key is then removed
    /// from `account` by the caller (after the message decrypts).
    static func inbound(account: OlmAccountHandle, senderKey: String, preKeyMessage: String) throws -> OlmSessionHandle {
        let session = OlmSessionHandle()
        var message = Array(preKeyMessage.utf8)  // libolm overwrites its input
        let key = Array(senderKey.utf8)
        try session.check(olm_create_inbound_session_from(session.pointer, account.pointer, key, key.count, &message, message.count),
                          "olm_create_inbound_session_from")
        return session
    }

    /// A session to `identityKey` started with one of its claimed one-time keys.
    static func outbound(account: OlmAccountHandle, identityKey: String, oneTimeKey: String) throws -> OlmSessionHandle {
        let session = OlmSessionHandle()
        var random = OlmCall.random(olm_create_outbound_session_random_length(session.pointer))
        defer { OlmCall.wipe(&random) }
        let identity = Array(identityKey.utf8), oneTime = Array(oneTimeKey.utf8)
        try session.check(olm_create_outbound_session(session.pointer, account.pointer, identity, identity.count,
                                                      oneTime, oneTime.count, &random, random.count), "olm_create_outbound_session")
        return session
    }

    static func unpickle(_ pickle: String, key: [UInt8]) throws -> OlmSessionHandle {
        let session = OlmSessionHandle()
        var bytes = Array(pickle.utf8)
        try session.check(olm_unpickle_session(session.pointer, key, key.count, &bytes, bytes.count), "olm_unpickle_session")
        return session
    }

    func pickle(key: [UInt8]) throws -> String {
        try OlmCall.string(length: olm_pickle_session_length(pointer)) { buffer, length in
            let written = olm_pickle_session(pointer, key, key.count, buffer, length)
            try check(written, "olm_pickle_session")
            return written
        }
    }

    var id: String {
        (try? OlmCall.string(length: olm_session_id_length(pointer)) { buffer, length in
            let written = olm_session_id(pointer, buffer, length)
            try check(written, "olm_session_id")
            return written
        }) ?? ""
    }

    /// Whether a pre-key message from `senderKey` belongs to this session.
    func matchesInbound(senderKey: String, preKeyMessage: String) -> Bool {
        var message = Array(preKeyMessage.utf8)
        let key = Array(senderKey.utf8)
        return olm_matches_inbound_session_from(pointer, key, key.count, &message, message.count) == 1
    }

    func decrypt(type: MessageType, _ ciphertext: String) throws -> Data {
        var probe = Array(ciphertext.utf8)
        let maximum = olm_decrypt_max_plaintext_length(pointer, type.rawValue, &probe, probe.count)
        try check(maximum, "olm_decrypt_max_plaintext_length")
        var message = Array(ciphertext.utf8)
        var plaintext = [UInt8](repeating: 0, count: maximum)
        defer { OlmCall.wipe(&plaintext) }
        let written = olm_decrypt(pointer, type.rawValue, &message, message.count, &plaintext, plaintext.count)
        try check(written, "olm_decrypt")
        return Data(plaintext.prefix(written))
    }

    func encrypt(_ plaintext: Data) throws -> (type: MessageType, body: String) {
        let type = MessageType(rawValue: olm_encrypt_message_type(pointer)) ?? .normal
        var random = OlmCall.random(olm_encrypt_random_length(pointer))
        defer { OlmCall.wipe(&random) }
        let length = plaintext.withUnsafeBytes { olm_encrypt_message_length(pointer, $0.count) }
        let body = try OlmCall.string(length: length) { buffer, length in
            let written = plaintext.withUnsafeBytes { olm_encrypt(pointer, $0.baseAddress, $0.count, &random, random.count, buffer, length) }
            try check(written, "olm_encrypt")
            return written
        }
        return (type, body)
    }
}
