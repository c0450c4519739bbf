import COlm
import FoundationEssentials

/// libolm's public-key encryption (curve25519, AES-256-CBC, HMAC-SHA-256 — `m.megolm_backup.v1.curve25519-aes-sha2`):
/// what a key backup's sessions are encrypted with for the backup's public key.
enum PkEncryption {
    /// `plaintext` encrypted for `publicKey` (unpadded base64): the `session_data` fields.
    static func encrypt(_ plaintext: Data, for publicKey: String) throws -> (ciphertext: String, mac: String, ephemeral: String) {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: olm_pk_encryption_size(), alignment: 16)
        let pointer = olm_pk_encryption(memory)
        defer {
            olm_clear_pk_encryption(pointer)
            memory.deallocate()
        }
        let check = { (result: Int, call: String) throws in _ = try OlmCall.check(result, call) { olm_pk_encryption_last_error(pointer) } }
        let key = Array(publicKey.utf8)
        try check(olm_pk_encryption_set_recipient_key(pointer, key, key.count), "olm_pk_encryption_set_recipient_key")
        var random = OlmCall.random(olm_pk_encrypt_random_length(pointer))
        defer { OlmCall.wipe(&random) }
        var ciphertext = [UInt8](repeating: 0, count: olm_pk_ciphertext_length(pointer, plaintext.count))
        var mac = [UInt8](repeating: 0, count: olm_pk_mac_length(pointer))
        var ephemeral = [UInt8](repeating: 0, count: olm_pk_key_length())
        let result = plaintext.withUnsafeBytes { bytes in
            olm_pk_encrypt(pointer, bytes.baseAddress, bytes.count, &ciphertext, ciphertext.count, &mac, mac.count, &ephemeral, ephemeral.count,
                           random, random.count)
        }
        try check(result, "olm_pk_encrypt")
        return (String(decoding: ciphertext, as: UTF8.self), String(decoding: mac, as: UTF8.self), String(decoding: ephemeral, as: UTF8.self))
    }
}

/// libolm's public-key decryption with a backup's private key (32 bytes, from the recovery key).
final class PkDecryptionHandle {
    private let memory: UnsafeMutableRawPointer
    private let pointer: OpaquePointer
    /// The public key of the private key given (unpadded base64).
    let publicKey: String

    init(privateKey: [UInt8]) throws {
        memory = UnsafeMutableRawPointer.allocate(byteCount: olm_pk_decryption_size(), alignment: 16)
        pointer = olm_pk_decryption(memory)
        var publicBytes = [UInt8](repeating: 0, count: olm_pk_key_length())
        let result = olm_pk_key_from_private(pointer, &publicBytes, publicBytes.count, privateKey, privateKey.count)
        publicKey = String(decoding: publicBytes, as: UTF8.self)
        try OlmCall.check(result, "olm_pk_key_from_private") { olm_pk_decryption_last_error(pointer) }
    }

    deinit {
        olm_clear_pk_decryption(pointer)
        memory.deallocate()
    }

    static var privateKeyLength: Int { olm_pk_private_key_length() }

    func decrypt(ciphertext: String, mac: String, ephemeral: String) throws -> Data {
        var message = Array(ciphertext.utf8)
        var plaintext = [UInt8](repeating: 0, count: olm_pk_max_plaintext_length(pointer, message.count))
        defer { OlmCall.wipe(&plaintext) }
        let macBytes = Array(mac.utf8), ephemeralBytes = Array(ephemeral.utf8)
        let written = olm_pk_decrypt(pointer, ephemeralBytes, ephemeralBytes.count, macBytes, macBytes.count, &message, message.count,
                                     &plaintext, plaintext.count)
        try OlmCall.check(written, "olm_pk_decrypt") { olm_pk_decryption_last_error(pointer) }
        return Data(plaintext.prefix(written))
    }
}
