import FoundationEssentials

/// The one encoder of every `--json` document (read, channels, whoami, reports, signup, login,
/// post, logout), so what reaches a terminal from JSON output is decided here.
///
/// JSONEncoder escapes C0 controls (ESC, BEL) but writes DEL, the C1 controls (U+009B acts as
/// CSI, U+009D…U+009C as an OSC such as a clipboard write), bidi overrides and other format
/// characters, and the line and paragraph separators as raw UTF-8: `tteok read --json` run in a
/// terminal would hand a member's escape sequence to it. Those scalars are written as `\uXXXX`
/// escapes instead (a surrogate pair above U+FFFF), which any JSON parser reads back as the same
/// text, so the document stays valid and round-trips exactly.
enum JSONOutput {
    /// A value as one pretty, stable JSON document with terminal-active scalars escaped.
    static func encode<Value: Encodable>(_ value: Value) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return escapingTerminalControls(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// Writes one JSON array an element at a time, laid out as `encode` lays out a whole array,
    /// so a list of any length is printed with the memory of one page: elements are kept until
    /// `flush()` (once a page: one write, not one per element) and `finish()` closes the array.
    struct ArrayWriter {
        private let write: (String) -> Void
        private var count = 0
        private var pending = ""

        init(write: @escaping (String) -> Void) { self.write = write }

        mutating func append<Value: Encodable>(_ value: Value) throws {
            let element = try JSONOutput.encode(value).split(separator: "\n", omittingEmptySubsequences: false)
                .map { "  " + $0 }.joined(separator: "\n")
            pending += (count == 0 ? "[\n" : ",\n") + element
            count += 1
        }

        mutating func flush() {
            if !pending.isEmpty { write(pending) }
            pending = ""
        }

        mutating func finish() {
            flush()
            write(count == 0 ? "[]\n" : "\n]\n")
        }
    }

    /// `json` with every scalar that `needsEscape` says so replaced by its `\u` escape. Such
    /// scalars are never JSON syntax (all of it is ASCII), so they only occur inside strings,
    /// where an escape means the same character.
    static func escapingTerminalControls(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: needsEscape) else { return json }
        var result = ""
        result.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            guard needsEscape(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            for unit in String(scalar).utf16 {
                result += "\\u" + hex(unit)
            }
        }
        return result
    }

    /// DEL and the C1 controls, format characters (General Category Cf: bidi marks, overrides and
    /// isolates, zero-width characters, U+FEFF, tag characters…) and U+2028/U+2029, which end a
    /// line in some terminals and in JavaScript. C0 controls are JSONEncoder's to escape.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x7F...0x9F, 0x2028, 0x2029: return true
        case 0...0x7E: return false
        default: return scalar.properties.generalCategory == .format
        }
    }

    private static func hex(_ unit: UInt16) -> String {
        let digits = String(unit, radix: 16)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}
