import FoundationEssentials

/// The message index a Megolm message states in its clear header (version byte, then the
/// protobuf field 1 varint), read without decrypting.
///
/// Why: libolm decrypts an index at or after the newest it has decrypted by ratcheting forward
/// from there, but an earlier index by ratcheting from the session's start — up to 255 hashes
/// for each event. History pages come newest first, so a page is decrypted in index order. The
/// index read here only orders the work; the one the replay check uses is libolm's, from the
/// authenticated message.
enum MegolmMessageIndex {
    static func of(_ ciphertext: String) -> UInt32? {
        // 12 base64 characters are 9 bytes: the version, the tag and a varint of up to 5 bytes.
        guard let header = Data(base64Encoded: paddedPrefix(ciphertext)), header.count >= 3 else { return nil }
        let bytes = Array(header)
        guard bytes[0] == 3, bytes[1] == 0x08 else { return nil }
        var value: UInt64 = 0, shift: UInt64 = 0
        for byte in bytes[2...] {
            value |= UInt64(byte & 0x7f) << shift
            if byte & 0x80 == 0 { return value <= UInt64(UInt32.max) ? UInt32(value) : nil }
            shift += 7
            if shift > 28 { return nil }
        }
        return nil
    }

    private static func paddedPrefix(_ text: String) -> String {
        let prefix = String(text.prefix(12))
        return prefix + String(repeating: "=", count: (4 - prefix.count % 4) % 4)
    }
}
