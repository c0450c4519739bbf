import CCrypt
import ChatCore
import FoundationEssentials
import Glibc

/// Passwords hashed with yescrypt through libcrypt. Only hashes are stored, never passwords.
enum PasswordHasher {
    /// A new yescrypt hash (`$y$…`) of `password` with a fresh random salt.
    static func hash(_ password: String) throws -> String {
        var salt = [CChar](repeating: 0, count: Int(CRYPT_GENSALT_OUTPUT_SIZE))
        guard crypt_gensalt_rn("$y$", 0, nil, 0, &salt, Int32(salt.count)) != nil else {
            throw ChatError.storage("cannot make a password salt: \(String(cString: strerror(errno)))")
        }
        let setting = String(decoding: salt.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let hashed = crypt(password, setting: setting), hashed.hasPrefix("$y$") else {
            throw ChatError.storage("yescrypt is not available in libcrypt")
        }
        return hashed
    }

    /// True when `password` hashes to `stored`: re-hash with the stored hash as the setting and
    /// compare in constant time.
    static func verify(_ password: String, against stored: String) -> Bool {
        guard let hashed = crypt(password, setting: stored) else { return false }
        return constantTimeEqual(hashed, stored)
    }

    /// `crypt_r` with its large state on the heap; nil when libcrypt reports failure (`*…`).
    static func crypt(_ phrase: String, setting: String) -> String? {
        let data = UnsafeMutablePointer<crypt_data>.allocate(capacity: 1)
        UnsafeMutableRawPointer(data).initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<crypt_data>.size)
        defer { data.deallocate() }
        guard let output = crypt_r(phrase, setting, data) else { return nil }
        let result = String(cString: output)
        return result.hasPrefix("*") ? nil : result
    }

    /// Compares without stopping at the first difference, so timing reveals nothing of the hash.
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8), right = Array(b.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}
