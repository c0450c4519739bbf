import CLibcrypto
import FoundationEssentials

/// HMAC-SHA-256 and SHA-256 (libcrypto): the MACs of secret storage, key export files and HKDF.
enum HMACSHA256 {
    static func mac(key: [UInt8], _ data: [UInt8]) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        _ = key.withUnsafeBufferPointer { keyBytes in
            data.withUnsafeBufferPointer { input in
                HMAC(EVP_sha256(), keyBytes.baseAddress, Int32(keyBytes.count), input.baseAddress, input.count, &output, &length)
            }
        }
        return output
    }

    /// Compares two MACs in time independent of where they differ.
    static func equal(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        left.count == right.count && CRYPTO_memcmp(left, right, left.count) == 0
    }

    static func sha256(_ data: [UInt8]) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        _ = EVP_Digest(data, data.count, &output, &length, EVP_sha256(), nil)
        return output
    }
}
