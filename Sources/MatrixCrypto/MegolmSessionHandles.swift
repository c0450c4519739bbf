import COlm
import FoundationEssentials

/// One libolm inbound group session: holds, pickles and exports a room's Megolm session from one
/// sender (`MegolmSessionReader` decrypts with its export). Not thread-safe; used on the store's
/// queue only.
final class MegolmInboundHandle {
    private let memory: UnsafeMutableRawPointer
    let pointer: OpaquePointer

    init() {
        memory = UnsafeMutableRawPointer.allocate(byteCount: olm_inbound_group_session_size(), alignment: 16)
        pointer = olm_inbound_group_session(memory)
    }

    deinit {
        olm_clear_inbound_group_session(pointer)
        memory.deallocate()
    }

    func check(_ result: Int, _ call: String) throws {
        try OlmCall.check(result, call) { olm_inbound_group_session_last_error(pointer) }
    }

    /// From the `session_key` of an `m.room_key`.
    static func create(sessionKey: String) throws -> MegolmInboundHandle {
        let session = MegolmInboundHandle()
        let key = Array(sessionKey.utf8)
        try session.check(olm_init_inbound_group_session(session.pointer, key, key.count), "olm_init_inbound_group_session")
        return session
    }

    static func unpickle(_ pickle: String, key: [UInt8]) throws -> MegolmInboundHandle {
        let session = MegolmInboundHandle()
        var bytes = Array(pickle.utf8)
        try session.check(olm_unpickle_inbound_group_session(session.pointer, key, key.count, &bytes, bytes.count),
                          "olm_unpickle_inbound_group_session")
        return session
    }

    func pickle(key: [UInt8]) throws -> String {
        try OlmCall.string(length: olm_pickle_inbound_group_session_length(pointer)) { buffer, length in
            let written = olm_pickle_inbound_group_session(pointer, key, key.count, buffer, length)
            try check(written, "olm_pickle_inbound_group_session")
            return written
        }
    }

    var id: String {
        (try? OlmCall.string(length: olm_inbound_group_session_id_length(pointer)) { buffer, length in
            let written = olm_inbound_group_session_id(pointer, buffer, length)
            try check(written, "olm_inbound_group_session_id")
            return written
        }) ?? ""
    }

    var firstKnownIndex: UInt32 { olm_inbound_group_session_first_known_index(pointer) }
}

/// One libolm outbound group session: encrypts this device's messages in one room.
final class MegolmOutboundHandle {
    private let memory: UnsafeMutableRawPointer
    let pointer: OpaquePointer

    private init() {
        memory = UnsafeMutableRawPointer.allocate(byteCount: olm_outbound_group_session_size(), alignment: 16)
        pointer = olm_outbound_group_session(memory)
    }

    deinit {
        olm_clear_outbound_group_session(pointer)
        memory.deallocate()
    }

    private func check(_ result: Int, _ call: String) throws {
        try OlmCall.check(result, call) { olm_outbound_group_session_last_error(pointer) }
    }

    static func create() throws -> MegolmOutboundHandle {
        let session = MegolmOutboundHandle()
        var random = OlmCall.random(olm_init_outbound_group_session_random_length(session.pointer))
        defer { OlmCall.wipe(&random) }
        try session.check(olm_init_outbound_group_session(session.pointer, &random, random.count), "olm_init_outbound_group_session")
        return session
    }

    static func unpickle(_ pickle: String, key: [UInt8]) throws -> MegolmOutboundHandle {
        let session = MegolmOutboundHandle()
        var bytes = Array(pickle.utf8)
        try session.check(olm_unpickle_outbound_group_session(session.pointer, key, key.count, &bytes, bytes.count),
                          "olm_unpickle_outbound_group_session")
        return session
    }

    func pickle(key: [UInt8]) throws -> String {
        try OlmCall.string(length: olm_pickle_outbound_group_session_length(pointer)) { buffer, length in
            let written = olm_pickle_outbound_group_session(pointer, key, key.count, buffer, length)
            try check(written, "olm_pickle_outbound_group_session")
            return written
        }
    }

    var id: String {
        (try? OlmCall.string(length: olm_outbound_group_session_id_length(pointer)) { buffer, length in
            let written = olm_outbound_group_session_id(pointer, buffer, length)
            try check(written, "olm_outbound_group_session_id")
            return written
        }) ?? ""
    }

    var messageIndex: UInt32 { olm_outbound_group_session_message_index(pointer) }

    /// The key to share (by Olm) with the devices that may read this session's messages.
    func sessionKey() throws -> String {
        try OlmCall.string(length: olm_outbound_group_session_key_length(pointer)) { buffer, length in
            let written = olm_outbound_group_session_key(pointer, buffer, length)
            try check(written, "olm_outbound_group_session_key")
            return written
        }
    }

    func encrypt(_ plaintext: Data) throws -> String {
        let length = olm_group_encrypt_message_length(pointer, plaintext.count)
        return try OlmCall.string(length: length) { buffer, length in
            let written = plaintext.withUnsafeBytes { olm_group_encrypt(pointer, $0.baseAddress, $0.count, buffer, length) }
            try check(written, "olm_group_encrypt")
            return written
        }
    }
}
