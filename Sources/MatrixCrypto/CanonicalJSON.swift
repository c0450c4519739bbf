import FoundationEssentials

/// Canonical JSON as the Matrix specification defines it for signing (appendix "Canonical
/// JSON"): object keys sorted by Unicode code point, no insignificant whitespace, UTF-8, only the
/// escapes JSON requires (`"`, `\`, and control characters below U+0020, as `\b \f \n \r \t` or
/// `\u00xx` in lowercase hex), every other character — non-ASCII included — as itself; numbers
/// only as integers in [-(2^53)+1, 2^53-1]. A signature is over exactly these bytes, so any
/// difference from the server's or another client's encoder breaks verification.
public enum CanonicalJSON {
    public struct Unrepresentable: Error, CustomStringConvertible {
        public let description: String
    }

    static let largestInteger: Int64 = (1 << 53) - 1

    /// The canonical bytes of `value`.
    public static func data(_ value: CryptoJSON) throws -> Data {
        Data(try bytes(value))
    }

    public static func string(_ value: CryptoJSON) throws -> String {
        String(decoding: try bytes(value), as: UTF8.self)
    }

    /// Written as bytes: appending to a `String` piece by piece (a quote, a key, a colon…) was
    /// most of the cost of a room's power levels, whose text a cold start writes for every room.
    static func bytes(_ value: CryptoJSON) throws -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        try write(value, into: &out)
        return out
    }

    private static func write(_ value: CryptoJSON, into out: inout [UInt8]) throws {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .integer(let number):
            guard abs(number) <= largestInteger else { throw Unrepresentable(description: "\(number) is outside canonical JSON's integer range") }
            writeInteger(number, into: &out)
        case .number(let number):
            guard number.rounded() == number, abs(number) <= Double(largestInteger) else {
                throw Unrepresentable(description: "\(number) is not an integer; canonical JSON has no other numbers")
            }
            writeInteger(Int64(number), into: &out)
        case .string(let text): writeString(text, into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                try write(item, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.sorted(by: { precedes($0.key, $1.key) }).enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                writeString(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                try write(member.value, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Decimal digits, a minus sign first when negative (within ±2^53, so never `Int64.min`).
    private static func writeInteger(_ number: Int64, into out: inout [UInt8]) {
        if number < 0 { out.append(UInt8(ascii: "-")) }
        var rest = number.magnitude
        var digits: [UInt8] = []
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        out.append(contentsOf: digits.reversed())
    }

    /// Keys by code point: Swift's own `<` on strings compares canonically equivalent forms as
    /// equal and is not code-point order. UTF-8's bytes sort as their code points do, and compare
    /// faster than scalars (perf: the sort was most of writing a room's power levels to the cache).
    static func sortedKeys(_ members: [String: CryptoJSON]) -> [String] {
        members.keys.sorted(by: precedes)
    }

    private static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }

    private static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Most strings need no escape: appended whole rather than scalar by scalar.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            out.append(contentsOf: text.utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
            case 0x08: out.append(contentsOf: #"\b"#.utf8)
            case 0x0C: out.append(contentsOf: #"\f"#.utf8)
            case UInt8(ascii: "\n"): out.append(contentsOf: #"\n"#.utf8)
            case UInt8(ascii: "\r"): out.append(contentsOf: #"\r"#.utf8)
            case UInt8(ascii: "\t"): out.append(contentsOf: #"\t"#.utf8)
            case ..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: #"\u00"#.utf8)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            default:
                // Every other byte, multi-byte characters' included, as it is.
                out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
