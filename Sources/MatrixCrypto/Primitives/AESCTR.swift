import CLibcrypto
import FoundationEssentials

/// AES-256 in counter mode (libcrypto), as Matrix uses it in secret storage and the Megolm
/// key export format: encryption and decryption are the same operation.
enum AESCTR {
    /// `data` encrypted (or decrypted) with the 32-byte `key` and the 16-byte initial counter `iv`.
    static func apply(key: [UInt8], iv: [UInt8], to data: [UInt8]) throws -> [UInt8] {
        guard key.count == 32, iv.count == 16 else { throw PrimitiveFailure("AES-256-CTR needs a 32-byte key and a 16-byte IV") }
        guard let context = EVP_CIPHER_CTX_new() else { throw PrimitiveFailure("EVP_CIPHER_CTX_new") }
        defer { EVP_CIPHER_CTX_free(context) }
        guard EVP_EncryptInit_ex(context, EVP_aes_256_ctr(), nil, key, iv) == 1 else { throw PrimitiveFailure("EVP_EncryptInit_ex") }
        var output = [UInt8](repeating: 0, count: data.count + 16)
        var written: Int32 = 0, final: Int32 = 0
        let ok = data.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                EVP_EncryptUpdate(context, out.baseAddress, &written, input.baseAddress, Int32(input.count)) == 1
                    && EVP_EncryptFinal_ex(context, out.baseAddress! + Int(written), &final) == 1
            }
        }
        guard ok, data.count <= Int(Int32.max) else { throw PrimitiveFailure("EVP_EncryptUpdate") }
        return Array(output.prefix(Int(written + final)))
    }
}

/// A libcrypto call that failed (never expected with valid sizes; reported rather than trapped).
struct PrimitiveFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
