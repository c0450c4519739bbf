import ChatCore
import FoundationEssentials

/// The secret that keeps a member signed in. The token itself is only in the user's 0600 session
/// file; the community file stores a digest, so anyone who can read the shared file still cannot
/// take over a session.
struct SessionToken: Hashable, Sendable {
    let value: String

    /// 256 random bits, hex.
    static func generate() -> SessionToken {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return SessionToken(value: bytes.map { ($0 < 0x10 ? "0" : "") + String($0, radix: 16) }.joined())
    }

    /// SHA-256 (libcrypt's `$5$`, fixed salt so the digest can be looked up). A fast digest is
    /// enough: the token is random, not a password.
    var digest: String {
        get throws {
            guard let hashed = PasswordHasher.crypt(value, setting: "$5$rounds=1000$tteoksession$"),
                  let digest = hashed.split(separator: "$").last else {
                throw ChatError.storage("cannot digest the session token")
            }
            return String(digest)
        }
    }
}

/// What the session file holds.
struct SavedSession: Codable, Sendable {
    var token: String
}
