import FoundationEssentials
import JSONScan

/// Why JSON text was refused: what was wrong and at which byte (JSONScan's error; every refusal
/// of `CryptoJSONParser` is a `.syntax` one).
public typealias JSONSyntaxError = JSONScanError

/// JSON text (RFC 8259, UTF-8) into `CryptoJSON`, on JSONScan's strict scanner rather than
/// through `JSONDecoder`.
///
/// Why: every event of a history page is parsed twice (its encrypted content, then its
/// plaintext), and `CryptoJSON`'s `Decodable` path tries each case in turn with a thrown error
/// per miss — 15 % of a 1,000-event page's CPU. This reads each value once, by its first byte.
///
/// Strict, since the text may be a hostile server's or sender's: the scanner refuses nesting
/// deeper than `maximumDepth` (which also bounds the recursion), invalid UTF-8, lone surrogates,
/// control characters in strings, leading zeros and anything after the value; this refuses
/// duplicate object keys (two readers could pick different ones) and numbers beyond `Double`.
enum CryptoJSONParser {
    static let maximumDepth = 128

    static func parse(_ data: Data) throws(JSONSyntaxError) -> CryptoJSON {
        let result: Result<CryptoJSON, JSONScanError> = data.withUnsafeBytes { raw in
            var scanner = JSONScanner(raw.bindMemory(to: UInt8.self), maximumDepth: maximumDepth)
            return Result { () throws(JSONScanError) in
                let value = try value(&scanner)
                try scanner.end()
                return value
            }
        }
        return try result.get()
    }

    private static func value(_ scanner: inout JSONScanner) throws(JSONScanError) -> CryptoJSON {
        switch try scanner.kind() {
        case .null:
            _ = try scanner.null()
            return .null
        case .bool: return .bool(try scanner.bool())
        case .string: return .string(try scanner.string())
        case .number: return try number(&scanner)
        case .array:
            try scanner.enterArray()
            var items: [CryptoJSON] = []
            while try scanner.nextElement() { items.append(try value(&scanner)) }
            return .array(items)
        case .object:
            try scanner.enterObject()
            var members: [String: CryptoJSON] = [:]
            while let key = try scanner.nextKey() {
                let keyStart = scanner.keyOffset
                guard members.updateValue(try value(&scanner), forKey: key) == nil else {
                    throw JSONScanError(.syntax, at: keyStart, "the object has the key \"\(key.prefix(40))\" twice")
                }
            }
            return .object(members)
        }
    }

    /// An integer when an `Int64` holds it exactly (as `CryptoJSON`'s decoder read it, integral
    /// doubles such as `1e3` too), else a double.
    private static func number(_ scanner: inout JSONScanner) throws(JSONScanError) -> CryptoJSON {
        let start = scanner.mark, offset = scanner.offset
        if let integer = try scanner.int64() { return .integer(integer) }
        scanner.rewind(to: start)
        guard let double = try scanner.double() else { throw JSONScanError(.syntax, at: offset, "the number is out of range") }
        return .number(double)
    }
}
