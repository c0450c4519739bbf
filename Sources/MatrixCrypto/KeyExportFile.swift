import FoundationEssentials

/// The standard Megolm key export file (the Matrix specification's "Key export format", what
/// Element and nio read and write): the sessions as JSON, encrypted with AES-256-CTR under a key
/// PBKDF2-HMAC-SHA-512 derives from a passphrase, authenticated by HMAC-SHA-256, base64 between
/// `-----BEGIN/END MEGOLM SESSION DATA-----` lines.
///
/// The MAC is checked before anything is decrypted: a wrong passphrase and a changed file are
/// the same refusal, and nothing of such a file is imported.
public enum KeyExportFile {
    public enum Failure: Error, Hashable, CustomStringConvertible {
        case notAnExport
        case unsupportedVersion(UInt8)
        case tooManyRounds(Int)
        case badMAC
        case notSessions

        public var description: String {
            switch self {
            case .notAnExport: return "this is not a Megolm key export file (no MEGOLM SESSION DATA block, or not base64)"
            case .unsupportedVersion(let version): return "this key export file has format version \(version); only version 1 can be read"
            case .tooManyRounds(let rounds): return "this key export file asks for \(rounds) PBKDF2 rounds; at most \(KeyExportFile.maximumRounds) are accepted"
            case .badMAC: return "wrong passphrase, or the file was changed (its MAC does not match)"
            case .notSessions: return "the key export file decrypted, but does not hold a list of room keys"
            }
        }
    }

    /// Element's count: a second or so of PBKDF2 on a laptop.
    public static let defaultRounds = 500_000
    /// A file may name its own count; more than this would only be a way to hang the importer.
    public static let maximumRounds = 10_000_000
    static let header = "-----BEGIN MEGOLM SESSION DATA-----"
    static let footer = "-----END MEGOLM SESSION DATA-----"

    public static func seal(_ keys: [ExportedRoomKey], passphrase: String, rounds: Int = defaultRounds) throws -> String {
        let plaintext = Array(try CanonicalJSON.data(.array(keys.map { $0.json() })))
        let salt = OlmCall.random(16)
        var iv = OlmCall.random(16)
        // Bit 63 of the counter block is cleared, as the format asks, so the counter never wraps
        // into the nonce half on a large file (other implementations' counters are 64-bit).
        iv[8] &= 0x7f
        var (aesKey, macKey) = try derivedKeys(passphrase: passphrase, salt: salt, rounds: rounds)
        defer { OlmCall.wipe(&aesKey); OlmCall.wipe(&macKey) }
        var body: [UInt8] = [1] + salt + iv + withUnsafeBytes(of: UInt32(rounds).bigEndian, Array.init)
        body += try AESCTR.apply(key: aesKey, iv: iv, to: plaintext)
        body += HMACSHA256.mac(key: macKey, body)
        let lines = stride(from: 0, to: body.count, by: 96).map { Data(body[$0..<min($0 + 96, body.count)]).base64EncodedString() }
        return ([header] + lines + [footer]).joined(separator: "\n") + "\n"
    }

    /// The keys of an export file, and how many of its entries were not Megolm keys (skipped).
    public static func open(_ text: String, passphrase: String) throws -> (keys: [ExportedRoomKey], unreadable: Int) {
        guard let start = text.firstRange(of: header), let end = text[start.upperBound...].firstRange(of: footer) else {
            throw Failure.notAnExport
        }
        // Padded or not (nio writes unpadded base64).
        let base64 = text[start.upperBound..<end.lowerBound].filter { !$0.isWhitespace }
        guard let data = Data(base64Encoded: base64 + String(repeating: "=", count: (4 - base64.count % 4) % 4)) else { throw Failure.notAnExport }
        let body = Array(data)
        guard body.count >= 1 + 16 + 16 + 4 + 32 else { throw Failure.notAnExport }
        guard body[0] == 1 else { throw Failure.unsupportedVersion(body[0]) }
        let salt = Array(body[1..<17]), iv = Array(body[17..<33])
        let rounds = body[33..<37].reduce(0) { $0 << 8 | Int($1) }
        guard rounds <= maximumRounds else { throw Failure.tooManyRounds(rounds) }
        guard rounds > 0 else { throw Failure.notAnExport }
        var (aesKey, macKey) = try derivedKeys(passphrase: passphrase, salt: salt, rounds: rounds)
        defer { OlmCall.wipe(&aesKey); OlmCall.wipe(&macKey) }
        guard HMACSHA256.equal(HMACSHA256.mac(key: macKey, Array(body.dropLast(32))), Array(body.suffix(32))) else { throw Failure.badMAC }
        var plaintext = try AESCTR.apply(key: aesKey, iv: iv, to: Array(body[37..<(body.count - 32)]))
        defer { OlmCall.wipe(&plaintext) }
        guard case .array(let entries)? = try? CryptoJSON(parsing: Data(plaintext)) else { throw Failure.notSessions }
        let keys = entries.compactMap { ExportedRoomKey($0) }
        return (keys, entries.count - keys.count)
    }

    /// The AES key and the MAC key: the two halves of PBKDF2's 512 bits.
    private static func derivedKeys(passphrase: String, salt: [UInt8], rounds: Int) throws -> (aes: [UInt8], mac: [UInt8]) {
        var derived = try KeyDerivation.pbkdf2SHA512(passphrase: passphrase, salt: salt, rounds: rounds, length: 64)
        defer { OlmCall.wipe(&derived) }
        return (Array(derived[0..<32]), Array(derived[32..<64]))
    }
}
