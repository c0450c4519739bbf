import FoundationEssentials

/// A 32-byte secret (a cross-signing seed, the secret storage key) as the crypto store keeps it: AES-256-CTR under a key derived (HKDF) from
/// the store's pickle key, with an HMAC-SHA-256 over the IV and ciphertext — the store alone (a
/// copied cache, a backup) does not give away the keys that vouch for the account's devices.
/// Each kind of secret has its own derived keys (`purpose`).
enum SealedSeed {
    struct Damaged: Error, CustomStringConvertible {
        var description: String { "a key in the crypto store is damaged (its MAC does not check out)" }
    }

    static let crossSigningSeed = "tteok cross-signing seed"
    static let secretStorageKey = "tteok secret storage key"

    private static func keys(_ pickleKey: [UInt8], _ purpose: String) -> (aes: [UInt8], mac: [UInt8]) {
        let derived = KeyDerivation.hkdfSHA256(secret: pickleKey, salt: [UInt8](repeating: 0, count: 32),
                                               info: Array(purpose.utf8), length: 64)
        return (Array(derived.prefix(32)), Array(derived.suffix(32)))
    }

    /// `base64(iv ‖ ciphertext ‖ mac)`.
    static func seal(_ seed: [UInt8], with pickleKey: [UInt8], purpose: String = crossSigningSeed) throws -> String {
        let (aes, mac) = keys(pickleKey, purpose)
        var iv = OlmCall.random(16)
        iv[8] &= 0x7F  // as Matrix's AES-CTR uses do: the counter half never wraps
        let ciphertext = try AESCTR.apply(key: aes, iv: iv, to: seed)
        return Data(iv + ciphertext + HMACSHA256.mac(key: mac, iv + ciphertext)).base64EncodedString()
    }

    static func open(_ sealed: String, with pickleKey: [UInt8], purpose: String = crossSigningSeed) throws -> [UInt8] {
        guard let bytes = Data(base64Encoded: sealed).map(Array.init), bytes.count == 16 + 32 + 32 else { throw Damaged() }
        let (aes, mac) = keys(pickleKey, purpose)
        let body = Array(bytes.dropLast(32)), tag = Array(bytes.suffix(32))
        guard HMACSHA256.equal(HMACSHA256.mac(key: mac, body), tag) else { throw Damaged() }
        return try AESCTR.apply(key: aes, iv: Array(body.prefix(16)), to: Array(body.dropFirst(16)))
    }
}
