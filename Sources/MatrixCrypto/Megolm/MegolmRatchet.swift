import FoundationEssentials

/// The Megolm ratchet: four 32-byte parts R0…R3 and the message index they stand at. Part j
/// changes every 2^(8·(3−j)) messages; changing it rehashes it and every later part from it
/// (`HMAC-SHA-256(R_j, [k])` into R_k), so any index is reached in at most 4 × 255 hashes.
/// Matrix spec, "m.megolm.v1.aes-sha2"; libolm's `megolm_advance_to` does the same.
struct MegolmRatchet {
    static let partLength = 32
    static let length = 4 * partLength

    private(set) var parts: [UInt8]
    private(set) var index: UInt32

    init?(parts: ArraySlice<UInt8>, index: UInt32) {
        guard parts.count == Self.length else { return nil }
        self.parts = Array(parts)
        self.index = index
    }

    /// Moves forward to `target` (never back: the caller keeps an earlier ratchet for earlier indices).
    mutating func advance(to target: UInt32) {
        precondition(target >= index, "a Megolm ratchet only moves forward")
        for part in 0..<4 {
            let shift = UInt32((3 - part) * 8)
            // How often this part turns between the two indices (its byte of the index, mod 256).
            var steps = ((target >> shift) &- (index >> shift)) & 0xff
            guard steps > 0 else { continue }
            while steps > 1 {
                rehash(from: part, into: part)
                steps -= 1
            }
            // The last turn also reseeds every later part; the part itself last, as it is the key.
            for later in stride(from: 3, through: part, by: -1) {
                rehash(from: part, into: later)
            }
            index = target & (UInt32.max << shift)
        }
    }

    /// The AES key, the HMAC key and the IV for the message at this index (HKDF-SHA-256 of the
    /// whole ratchet, empty salt, info `MEGOLM_KEYS`).
    func messageKeys() -> (aes: [UInt8], mac: [UInt8], iv: [UInt8]) {
        let keys = KeyDerivation.hkdfSHA256(secret: parts, salt: [], info: Array("MEGOLM_KEYS".utf8), length: 80)
        return (Array(keys[0..<32]), Array(keys[32..<64]), Array(keys[64..<80]))
    }

    private mutating func rehash(from source: Int, into target: Int) {
        let start = source * Self.partLength
        let next = HMACSHA256.mac(key: Array(parts[start..<start + Self.partLength]), [UInt8(target)])
        parts.replaceSubrange(target * Self.partLength..<(target + 1) * Self.partLength, with: next)
    }
}
