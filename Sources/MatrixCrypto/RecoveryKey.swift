import FoundationEssentials

/// The recovery key a person writes down: a 32-byte key as the Matrix specification encodes it —
/// the prefix 0x8B 0x01, the key, a parity byte (the XOR of all before it), in base58 (Bitcoin's
/// alphabet), shown in groups of four. Typing mistakes fail the parity or the prefix.
public enum RecoveryKey {
    public enum Failure: Error, Hashable, CustomStringConvertible {
        case notBase58
        case wrongLength
        case wrongPrefix
        case wrongParity

        public var description: String {
            switch self {
            case .notBase58: return "this is not a recovery key (a character outside its alphabet)"
            case .wrongLength: return "this is not a recovery key (wrong length)"
            case .wrongPrefix: return "this is not a recovery key (wrong header)"
            case .wrongParity: return "this recovery key has a typing mistake (its check byte does not match)"
            }
        }
    }

    static let alphabet = Array("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz".utf8)
    static let prefix: [UInt8] = [0x8B, 0x01]

    public static func encode(_ key: [UInt8]) -> String {
        let bytes = prefix + key
        let encoded = base58(bytes + [bytes.reduce(0, ^)])
        return stride(from: 0, to: encoded.count, by: 4).map { start in
            String(decoding: encoded[start..<min(start + 4, encoded.count)], as: UTF8.self)
        }.joined(separator: " ")
    }

    public static func decode(_ text: String) throws -> [UInt8] {
        let characters = Array(text.utf8.filter { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\n") })
        var number: [UInt8] = []  // big-endian bytes
        for character in characters {
            guard let digit = alphabet.firstIndex(of: character) else { throw Failure.notBase58 }
            var carry = digit
            for index in number.indices.reversed() {
                carry += Int(number[index]) * 58
                number[index] = UInt8(carry & 0xff)
                carry >>= 8
            }
            while carry > 0 {
                number.insert(UInt8(carry & 0xff), at: 0)
                carry >>= 8
            }
        }
        let zeros = characters.prefix { $0 == alphabet[0] }.count
        let bytes = [UInt8](repeating: 0, count: zeros) + number
        guard bytes.count == prefix.count + 32 + 1 else { throw Failure.wrongLength }
        guard Array(bytes.prefix(2)) == prefix else { throw Failure.wrongPrefix }
        guard bytes.dropLast().reduce(0, ^) == bytes.last else { throw Failure.wrongParity }
        return Array(bytes[2..<34])
    }

    private static func base58(_ bytes: [UInt8]) -> [UInt8] {
        var digits: [Int] = []  // little-endian base-58 digits
        for byte in bytes {
            var carry = Int(byte)
            for index in digits.indices {
                carry += digits[index] << 8
                digits[index] = carry % 58
                carry /= 58
            }
            while carry > 0 {
                digits.append(carry % 58)
                carry /= 58
            }
        }
        let zeros = bytes.prefix { $0 == 0 }.count
        return [UInt8](repeating: alphabet[0], count: zeros) + digits.reversed().map { alphabet[$0] }
    }
}
