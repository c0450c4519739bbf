import CLibcrypto
import FoundationEssentials

/// Deriving keys: HKDF-SHA-256 (RFC 5869; secret storage's AES and MAC keys) and
/// PBKDF2-HMAC-SHA-512 (a passphrase into a key, for key export files and passphrase-based
/// secret storage keys).
enum KeyDerivation {
    /// `length` bytes from `secret`, `salt` and `info`.
    static func hkdfSHA256(secret: [UInt8], salt: [UInt8], info: [UInt8], length: Int) -> [UInt8] {
        // An empty salt is HashLen zeros (RFC 5869 §2.2).
        let pseudoRandomKey = HMACSHA256.mac(key: salt.isEmpty ? [UInt8](repeating: 0, count: 32) : salt, secret)
        var output: [UInt8] = [], block: [UInt8] = []
        var counter: UInt8 = 1
        while output.count < length {
            block = HMACSHA256.mac(key: pseudoRandomKey, block + info + [counter])
            output += block
            counter &+= 1
        }
        return Array(output.prefix(length))
    }

    /// `length` bytes from `passphrase` with `salt` and `rounds` iterations.
    static func pbkdf2SHA512(passphrase: String, salt: [UInt8], rounds: Int, length: Int) throws -> [UInt8] {
        guard rounds > 0, rounds <= Int(Int32.max) else { throw PrimitiveFailure("PBKDF2 needs between 1 and 2^31 rounds") }
        let password = Array(passphrase.utf8)
        var output = [UInt8](repeating: 0, count: length)
        let ok = password.withUnsafeBufferPointer { pass in
            pass.withMemoryRebound(to: CChar.self) { chars in
                PKCS5_PBKDF2_HMAC(chars.baseAddress, Int32(chars.count), salt, Int32(salt.count), Int32(rounds), EVP_sha512(),
                                  Int32(length), &output)
            }
        }
        guard ok == 1 else { throw PrimitiveFailure("PKCS5_PBKDF2_HMAC") }
        return output
    }
}
