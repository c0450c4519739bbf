import COlm
import FoundationEssentials

/// A Megolm inbound session in libolm's export format: the ratchet at an index, without the
/// sender's signature on it — what key export files and backups carry.
extension MegolmInboundHandle {
    static func importing(exportedKey: String) throws -> MegolmInboundHandle {
        let session = MegolmInboundHandle()
        var key = Array(exportedKey.utf8)
        defer { OlmCall.wipe(&key) }
        try session.check(olm_import_inbound_group_session(session.pointer, &key, key.count), "olm_import_inbound_group_session")
        return session
    }

    func exportedKey(at index: UInt32) throws -> String {
        try OlmCall.string(length: olm_export_inbound_group_session_length(pointer)) { buffer, length in
            let written = olm_export_inbound_group_session(pointer, buffer.assumingMemoryBound(to: UInt8.self), length, index)
            try check(written, "olm_export_inbound_group_session")
            return written
        }
    }
}
