import CLibcrypto
import FoundationEssentials

/// AES-256-CBC decryption with PKCS#7 padding (libcrypto), as Megolm messages are encrypted.
enum AESCBC {
    /// The cipher fetched once: `EVP_aes_256_cbc()` makes OpenSSL 3 look it up again at every
    /// init (0.7 against 0.35 µs per Megolm message). Read-only, usable from any thread.
    nonisolated(unsafe) private static let cipher: OpaquePointer? = EVP_CIPHER_fetch(nil, "AES-256-CBC", nil)

    /// The plaintext of `data` under the 32-byte `key` and 16-byte `iv`; nil when the padding is
    /// not PKCS#7 (the caller checked the MAC first, so that is a malformed message, not a probe).
    static func decrypt(key: [UInt8], iv: [UInt8], _ data: ArraySlice<UInt8>) throws -> [UInt8]? {
        guard key.count == 32, iv.count == 16 else { throw PrimitiveFailure("AES-256-CBC needs a 32-byte key and a 16-byte IV") }
        guard !data.isEmpty, data.count % 16 == 0, data.count <= Int(Int32.max) - 16 else { return nil }
        guard let context = EVP_CIPHER_CTX_new() else { throw PrimitiveFailure("EVP_CIPHER_CTX_new") }
        defer { EVP_CIPHER_CTX_free(context) }
        guard EVP_DecryptInit_ex2(context, cipher, key, iv, nil) == 1 else { throw PrimitiveFailure("EVP_DecryptInit_ex2") }
        var output = [UInt8](repeating: 0, count: data.count + 16)
        var written: Int32 = 0, final: Int32 = 0
        let ok = data.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                guard EVP_DecryptUpdate(context, out.baseAddress, &written, input.baseAddress, Int32(input.count)) == 1 else { return false }
                return EVP_DecryptFinal_ex(context, out.baseAddress! + Int(written), &final) == 1
            }
        }
        return ok ? Array(output.prefix(Int(written + final))) : nil
    }
}
