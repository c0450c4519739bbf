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
        Data(try string(value).utf8)
    }

    public static func string(_ value: CryptoJSON) throws -> String {
        var out = ""
        try write(value, into: &out)
        return out
    }

    private static func write(_ value: CryptoJSON, into out: inout String) throws {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .integer(let number):
            guard abs(number) <= largestInteger else { throw Unrepresentable(description: "\(number) is outside canonical JSON's integer range") }
            out += String(number)
        case .number(let number):
            guard number.rounded() == number, abs(number) <= Double(largestInteger) else {
                throw Unrepresentable(description: "\(number) is not an integer; canonical JSON has no other numbers")
            }
            out += String(Int64(number))
        case .string(let text): writeString(text, into: &out)
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                try write(item, into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, key) in sortedKeys(members).enumerated() {
                if index > 0 { out += "," }
                writeString(key, into: &out)
                out += ":"
                try write(members[key] ?? .null, into: &out)
            }
            out += "}"
        }
    }

    /// Keys by code point: Swift's own `<` on strings compares canonically equivalent forms as
    /// equal and is not code-point order. UTF-8's bytes sort as their code points do, and compare
    /// faster than scalars (perf: the sort was most of writing a room's power levels to the cache).
    static func sortedKeys(_ members: [String: CryptoJSON]) -> [String] {
        members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    private static func writeString(_ text: String, into out: inout String) {
        out += "\""
        // Most strings need no escape: appended whole rather than scalar by scalar.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            out += text
            out += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
