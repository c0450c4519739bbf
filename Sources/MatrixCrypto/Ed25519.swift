import CSodium
import FoundationEssentials

/// Ed25519 signature checks (libsodium), for device keys, signed JSON and every Megolm message.
/// Why libsodium rather than libolm's `olm_ed25519_verify`: 49 against 108 µs per check here,
/// and a history page of 1,000 Megolm messages is 1,000 checks.
enum Ed25519 {
    /// True when `signature` (unpadded base64) is `key`'s (unpadded base64) signature of `message`.
    static func verify(key: String, message: Data, signature: String) -> Bool {
        guard let key = Base64.decode(key), let signature = Base64.decode(signature) else { return false }
        return message.withUnsafeBytes { verify(key: key, message: $0, signature: signature[...]) }
    }

    /// True when `signature` (64 bytes) is the 32-byte public `key`'s signature of `message`.
    static func verify(key: [UInt8], message: UnsafeRawBufferPointer, signature: ArraySlice<UInt8>) -> Bool {
        guard ready, key.count == Int(crypto_sign_ed25519_PUBLICKEYBYTES), signature.count == Int(crypto_sign_ed25519_BYTES) else { return false }
        let bytes = message.bindMemory(to: UInt8.self)
        return signature.withUnsafeBufferPointer { signed in
            crypto_sign_ed25519_verify_detached(signed.baseAddress!, bytes.baseAddress, UInt64(bytes.count), key) == 0
        }
    }

    /// libsodium asks for `sodium_init` before use; it is idempotent and thread-safe.
    private static let ready = sodium_init() >= 0
}
