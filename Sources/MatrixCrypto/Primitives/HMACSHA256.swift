import CLibcrypto
import FoundationEssentials

/// HMAC-SHA-256 and SHA-256 (libcrypto): the MACs of Megolm messages, secret storage, key export
/// files and HKDF.
///
/// Why not OpenSSL's one-shot `HMAC()`: in OpenSSL 3 each call looks the algorithm up again
/// (`EVP_MAC_fetch`, the digest by name, under a lock), 1.7 µs against 0.5 µs for HMAC
/// (RFC 2104) over a SHA-256 fetched once — and a Megolm message takes six HMACs.
enum HMACSHA256 {
    private static let blockLength = 64

    /// SHA-256 as libcrypto provides it, fetched once. An `EVP_MD` is read-only after the fetch
    /// and may be used from any thread (OpenSSL's "Threads" manual page).
    nonisolated(unsafe) private static let digest: OpaquePointer? = EVP_MD_fetch(nil, "SHA256", nil)

    static func mac(key: [UInt8], _ data: [UInt8]) -> [UInt8] {
        data.withUnsafeBufferPointer { mac(key: key, UnsafeRawBufferPointer($0)) }
    }

    static func mac(key: [UInt8], _ data: ArraySlice<UInt8>) -> [UInt8] {
        data.withUnsafeBufferPointer { mac(key: key, UnsafeRawBufferPointer($0)) }
    }

    /// `H((K ⊕ opad) ‖ H((K ⊕ ipad) ‖ data))`, K the key padded to a block (hashed first when longer).
    static func mac(key: [UInt8], _ data: UnsafeRawBufferPointer) -> [UInt8] {
        var pad = key.count > blockLength ? sha256(key) : key
        pad += [UInt8](repeating: 0, count: blockLength - pad.count)
        defer { OlmCall.wipe(&pad) }
        for index in pad.indices { pad[index] ^= 0x36 }
        let inner = hash(pad, data)
        for index in pad.indices { pad[index] ^= 0x36 ^ 0x5c }
        return inner.withUnsafeBytes { hash(pad, $0) }
    }

    /// Compares two MACs in time independent of where they differ.
    static func equal(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        left.count == right.count && CRYPTO_memcmp(left, right, left.count) == 0
    }

    static func sha256(_ data: [UInt8]) -> [UInt8] {
        data.withUnsafeBytes { hash([], $0) }
    }

    /// SHA-256 of `prefix ‖ data`.
    private static func hash(_ prefix: [UInt8], _ data: UnsafeRawBufferPointer) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: 32)
        guard let context = EVP_MD_CTX_new() else { preconditionFailure("EVP_MD_CTX_new: out of memory") }
        defer { EVP_MD_CTX_free(context) }
        var length: UInt32 = 0
        let done = EVP_DigestInit_ex2(context, digest, nil) == 1
            && EVP_DigestUpdate(context, prefix, prefix.count) == 1
            && EVP_DigestUpdate(context, data.baseAddress, data.count) == 1
            && EVP_DigestFinal_ex(context, &output, &length) == 1
        // Only a missing SHA-256 (a broken libcrypto install) fails here: nothing to go on with.
        precondition(done && length == 32, "libcrypto's SHA-256 failed")
        return output
    }
}
