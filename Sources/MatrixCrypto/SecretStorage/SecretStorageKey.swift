import FoundationEssentials

/// A key of the account's secret storage (`m.secret_storage.v1.aes-hmac-sha2`): it encrypts the
/// secrets kept in account data — the cross-signing private keys and the key backup's key — so
/// that a new device of the person gets them back with one recovery key (or passphrase). The
/// server sees only ciphertext and the key's description (its check value, a passphrase's salt).
public struct SecretStorageKey: Sendable {
    public static let algorithm = "m.secret_storage.v1.aes-hmac-sha2"
    static let passphraseRounds = 500_000

    /// The key's id: its description is account data `m.secret_storage.key.<id>`.
    public let keyID: String
    private let key: [UInt8]
    /// The key's account data: algorithm, check value (`iv`, `mac`), and the passphrase's salt.
    public let description: CryptoJSON

    public enum Failure: Error, Hashable, CustomStringConvertible {
        case unsupported(String)
        case wrongKey
        case notStored(String)
        case damaged(String)

        public var description: String {
            switch self {
            case .unsupported(let what): return "the account's secret storage uses \(what), which tteok cannot read"
            case .wrongKey: return "this recovery key or passphrase does not unlock the account's secret storage"
            case .notStored(let name): return "the secret storage holds no \(name) for this key"
            case .damaged(let name): return "the stored \(name) does not decrypt (its MAC does not check out)"
            }
        }
    }

    private init(keyID: String, key: [UInt8], description: CryptoJSON) {
        self.keyID = keyID
        self.key = key
        self.description = description
    }

    /// A new random key — or, with a passphrase, one derived from it with a new salt (PBKDF2,
    /// `m.pbkdf2`) — with its description carrying the check value.
    public static func generate(passphrase: String? = nil) throws -> SecretStorageKey {
        let keyID = Base64.unpadded(OlmCall.random(24)).replacing("/", with: "_").replacing("+", with: "-")
        var description: [String: CryptoJSON] = ["algorithm": .string(algorithm)]
        let key: [UInt8]
        if let passphrase {
            let salt = Base64.unpadded(OlmCall.random(24))
            key = try KeyDerivation.pbkdf2SHA512(passphrase: passphrase, salt: Array(salt.utf8), rounds: passphraseRounds, length: 32)
            description["passphrase"] = .object(["algorithm": .string("m.pbkdf2"), "salt": .string(salt),
                                                 "iterations": .integer(Int64(passphraseRounds)), "bits": .integer(256)])
        } else {
            key = OlmCall.random(32)
        }
        let check = try encrypt([UInt8](repeating: 0, count: 32), name: "", key: key, iv: newIV())
        description["iv"] = check["iv"]
        description["mac"] = check["mac"]
        return SecretStorageKey(keyID: keyID, key: key, description: .object(description))
    }

    /// The key `typed` stands for — a recovery key, or else the passphrase when the key has one —
    /// checked against the description's check value: a wrong one is refused before any secret
    /// is read.
    public static func unlock(keyID: String, description: CryptoJSON, typed: String) throws -> SecretStorageKey {
        guard description["algorithm"]?.string == algorithm else {
            throw Failure.unsupported(description["algorithm"]?.string ?? "an unnamed algorithm")
        }
        let key: [UInt8]
        do {
            key = try RecoveryKey.decode(typed)
        } catch let failure as RecoveryKey.Failure {
            guard let passphrase = description["passphrase"] else { throw failure }
            guard passphrase["algorithm"]?.string == "m.pbkdf2", let salt = passphrase["salt"]?.string,
                  let rounds = passphrase["iterations"]?.integer, (1...10_000_000).contains(rounds) else {
                throw Failure.unsupported("a passphrase derivation other than m.pbkdf2")
            }
            let bits = passphrase["bits"]?.integer ?? 256
            guard bits == 256 else { throw Failure.unsupported("a \(bits)-bit passphrase key") }
            key = try KeyDerivation.pbkdf2SHA512(passphrase: typed, salt: Array(salt.utf8), rounds: Int(rounds), length: 32)
        }
        try check(key, description)
        return SecretStorageKey(keyID: keyID, key: key, description: description)
    }

    /// A key kept on this device (`sealedBytes`), with its description.
    init(keyID: String, bytes: [UInt8], description: CryptoJSON) throws {
        try Self.check(bytes, description)
        self.init(keyID: keyID, key: bytes, description: description)
    }

    var bytes: [UInt8] { key }

    /// What the person writes down: the key in the recovery key encoding.
    public var recoveryKey: String { RecoveryKey.encode(key) }

    /// `secret` encrypted for account data `name`: `{"iv", "ciphertext", "mac"}`.
    public func encrypt(_ secret: String, name: String) throws -> CryptoJSON {
        try Self.encrypt(Array(secret.utf8), name: name, key: key, iv: Self.newIV())
    }

    /// The secret of account data `name` from its `encrypted` object's entry for this key.
    public func decrypt(_ encrypted: CryptoJSON, name: String) throws -> String {
        guard let iv = encrypted["iv"]?.string.flatMap(Base64.decode), iv.count == 16,
              let ciphertext = encrypted["ciphertext"]?.string.flatMap(Base64.decode),
              let mac = encrypted["mac"]?.string.flatMap(Base64.decode) else { throw Failure.damaged(name) }
        let (aes, macKey) = Self.keys(key, name: name)
        guard HMACSHA256.equal(HMACSHA256.mac(key: macKey, ciphertext), mac) else { throw Failure.damaged(name) }
        return String(decoding: try AESCTR.apply(key: aes, iv: iv, to: ciphertext), as: UTF8.self)
    }

    private static func check(_ key: [UInt8], _ description: CryptoJSON) throws {
        guard let ivText = description["iv"]?.string, let iv = Base64.decode(ivText), iv.count == 16,
              let mac = description["mac"]?.string.flatMap(Base64.decode) else {
            throw Failure.unsupported("a key without a check value")
        }
        let expected = try encrypt([UInt8](repeating: 0, count: 32), name: "", key: key, iv: iv)["mac"]?.string.flatMap(Base64.decode) ?? []
        guard HMACSHA256.equal(expected, mac) else { throw Failure.wrongKey }
    }

    private static func keys(_ key: [UInt8], name: String) -> (aes: [UInt8], mac: [UInt8]) {
        let derived = KeyDerivation.hkdfSHA256(secret: key, salt: [UInt8](repeating: 0, count: 32), info: Array(name.utf8), length: 64)
        return (Array(derived.prefix(32)), Array(derived.suffix(32)))
    }

    private static func encrypt(_ plaintext: [UInt8], name: String, key: [UInt8], iv: [UInt8]) throws -> CryptoJSON {
        let (aes, mac) = keys(key, name: name)
        let ciphertext = try AESCTR.apply(key: aes, iv: iv, to: plaintext)
        // Padded, as Element writes them (and reads either).
        return .object(["iv": .string(Data(iv).base64EncodedString()), "ciphertext": .string(Data(ciphertext).base64EncodedString()),
                        "mac": .string(Data(HMACSHA256.mac(key: mac, ciphertext)).base64EncodedString())])
    }

    private static func newIV() -> [UInt8] {
        var iv = OlmCall.random(16)
        iv[8] &= 0x7F  // bit 63 cleared: the counter half never wraps (as the specification asks)
        return iv
    }
}
