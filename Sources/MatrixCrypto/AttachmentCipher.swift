import FoundationEssentials

/// The secrets of one end-to-end encrypted attachment (the spec's `EncryptedFile`): the media
/// repository holds only ciphertext, and these travel inside the encrypted event.
public struct AttachmentSecrets: Hashable, Sendable {
    /// AES-256 key, 32 bytes (the JWK's `k`).
    public var key: [UInt8]
    /// The initial counter block, 16 bytes: 8 random, then a 64-bit counter from 0.
    public var iv: [UInt8]
    /// SHA-256 of the ciphertext (`hashes.sha256`), checked before anything is decrypted.
    public var sha256: [UInt8]

    public init(key: [UInt8], iv: [UInt8], sha256: [UInt8]) {
        self.key = key
        self.iv = iv
        self.sha256 = sha256
    }

    /// The JWK's `k` (base64url, unpadded), `iv` and `hashes.sha256` (base64, unpadded), as events carry them.
    public var encoded: (k: String, iv: String, sha256: String) {
        (Base64.unpadded(key).replacing("+", with: "-").replacing("/", with: "_"),
         Base64.unpadded(iv), Base64.unpadded(sha256))
    }

    /// Secrets as an event writes them (either base64 alphabet, padded or not); nil when any is
    /// missing or of the wrong length.
    public init?(k: String, iv: String, sha256: String) {
        let standard = k.replacing("-", with: "+").replacing("_", with: "/")
        guard let key = Base64.decode(standard), key.count == 32, let counter = Base64.decode(iv), counter.count == 16,
              let hash = Base64.decode(sha256), hash.count == 32 else { return nil }
        self.init(key: key, iv: counter, sha256: hash)
    }
}

/// Encrypting and decrypting attachments for encrypted rooms (AES-256-CTR, SHA-256 over libcrypto).
public enum AttachmentCipher {
    public enum Failure: Error, Equatable {
        /// The bytes are not the ones the sender encrypted: refused before decrypting.
        case hashMismatch
        case cipher(String)
    }

    /// `plaintext` encrypted under a fresh key and counter, and the secrets to put in the event.
    public static func encrypt(_ plaintext: Data) throws -> (ciphertext: Data, secrets: AttachmentSecrets) {
        let key = OlmCall.random(32)
        // The low 64 bits count blocks from 0, so the counter never wraps into the random half.
        let iv = OlmCall.random(8) + [UInt8](repeating: 0, count: 8)
        do {
            let ciphertext = try AESCTR.apply(key: key, iv: iv, to: Array(plaintext))
            return (Data(ciphertext), AttachmentSecrets(key: key, iv: iv, sha256: HMACSHA256.sha256(ciphertext)))
        } catch {
            throw Failure.cipher("\(error)")
        }
    }

    /// The plaintext of `ciphertext`, after its SHA-256 matched the sender's.
    public static func decrypt(_ ciphertext: Data, with secrets: AttachmentSecrets) throws -> Data {
        let bytes = Array(ciphertext)
        guard HMACSHA256.equal(HMACSHA256.sha256(bytes), secrets.sha256) else { throw Failure.hashMismatch }
        do {
            return Data(try AESCTR.apply(key: secrets.key, iv: secrets.iv, to: bytes))
        } catch {
            throw Failure.cipher("\(error)")
        }
    }
}
