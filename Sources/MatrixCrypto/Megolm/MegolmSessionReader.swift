import FoundationEssentials

/// Decrypts one Megolm session's messages without libolm, from the session as libolm exports it
/// (its first ratchet and the sender's ed25519 key).
///
/// Why not `olm_group_decrypt`: each message's ed25519 signature is most of a history page's
/// cost, and libolm's check takes twice libsodium's here. The checks are libolm's, in its order
/// (and vodozemac's, `InboundGroupSession::decrypt`): the signature over the whole message with
/// the session's key, then the index against the first one held, then the MAC; only then AES.
/// A value: each worker of a page has its own copy, and libolm's session is never touched.
struct MegolmSessionReader {
    private static let exportVersion: UInt8 = 1
    private let first: MegolmRatchet
    /// The furthest ratchet reached, so a page in index order hashes forward from there.
    private var latest: MegolmRatchet
    private let signingKey: [UInt8]

    /// From `olm_export_inbound_group_session`: version 1, the index (big-endian), the ratchet,
    /// the ed25519 key.
    init(exportedKey: String) throws(MegolmFailure) {
        guard var bytes = Base64.decode(exportedKey) else { throw .badSessionKey }
        defer { OlmCall.wipe(&bytes) }
        guard bytes.count == 5 + MegolmRatchet.length + 32, bytes[0] == Self.exportVersion else { throw .badSessionKey }
        let index = bytes[1..<5].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard let ratchet = MegolmRatchet(parts: bytes[5..<(5 + MegolmRatchet.length)], index: index) else { throw .badSessionKey }
        (first, latest, signingKey) = (ratchet, ratchet, Array(bytes[(5 + MegolmRatchet.length)...]))
    }

    var firstKnownIndex: UInt32 { first.index }

    /// The plaintext and the message's index (for the replay check, which is the caller's).
    mutating func decrypt(_ ciphertext: String) throws(MegolmFailure) -> (plaintext: [UInt8], index: UInt32) {
        let message = try MegolmMessage(base64: ciphertext)
        let signed = message.signed.withUnsafeBytes { Ed25519.verify(key: signingKey, message: $0, signature: message.signature) }
        guard signed else { throw .badSignature }
        guard message.index >= first.index else { throw .unknownMessageIndex }
        if message.index < latest.index { latest = first }
        latest.advance(to: message.index)
        var keys = latest.messageKeys()
        defer { OlmCall.wipe(&keys.aes); OlmCall.wipe(&keys.mac) }
        let mac = HMACSHA256.mac(key: keys.mac, message.authenticated).prefix(MegolmMessage.macLength)
        guard HMACSHA256.equal(Array(mac), Array(message.mac)) else { throw .badMessageMAC }
        guard let plaintext = try? AESCBC.decrypt(key: keys.aes, iv: keys.iv, message.ciphertext) else { throw .badMessageFormat }
        return (plaintext, message.index)
    }
}
