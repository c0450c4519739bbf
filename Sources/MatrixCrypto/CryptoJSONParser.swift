import FoundationEssentials

/// Why JSON text was refused: what was wrong and at which byte.
public struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
    public let offset: Int
    public let reason: String

    public var description: String { "not valid JSON at byte \(offset): \(reason)" }
}

/// JSON text (RFC 8259, UTF-8) into `CryptoJSON`, by hand rather than through `JSONDecoder`.
///
/// Why: every event of a history page is parsed twice (its encrypted content, then its
/// plaintext), and `CryptoJSON`'s `Decodable` path tries each case in turn with a thrown error
/// per miss — 15 % of a 1,000-event page's CPU. This reads each value once, by its first byte.
///
/// Strict, since the text may be a hostile server's or sender's: nesting deeper than
/// `maximumDepth` (which also bounds the recursion), invalid UTF-8, lone surrogates, control
/// characters in strings, leading zeros, duplicate object keys (two readers could pick different
/// ones) and anything after the value are refused with the offset and the reason.
struct CryptoJSONParser {
    static let maximumDepth = 128

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var depth = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    static func parse(_ data: Data) throws(JSONSyntaxError) -> CryptoJSON {
        let result: Result<CryptoJSON, JSONSyntaxError> = data.withUnsafeBytes { raw in
            var parser = CryptoJSONParser(raw.bindMemory(to: UInt8.self))
            return Result { () throws(JSONSyntaxError) in try parser.document() }
        }
        return try result.get()
    }

    private mutating func document() throws(JSONSyntaxError) -> CryptoJSON {
        let value = try self.value()
        skipWhitespace()
        guard position == bytes.count else { throw failure("more text after the value") }
        return value
    }

    private mutating func value() throws(JSONSyntaxError) -> CryptoJSON {
        skipWhitespace()
        guard let byte = peek() else { throw failure("the text ends where a value should be") }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard depth < Self.maximumDepth else { throw failure("nested deeper than \(Self.maximumDepth) levels") }
            depth += 1
            defer { depth -= 1 }
            return byte == UInt8(ascii: "{") ? try object() : try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw failure("unexpected character where a value should be")
        }
    }

    private mutating func object() throws(JSONSyntaxError) -> CryptoJSON {
        position += 1
        var members: [String: CryptoJSON] = [:]
        skipWhitespace()
        if peek() == UInt8(ascii: "}") { position += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw failure("an object key must be a string") }
            let keyStart = position
            let key = try string()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw failure("expected ':' after an object key") }
            position += 1
            let member = try value()
            guard members.updateValue(member, forKey: key) == nil else {
                throw JSONSyntaxError(offset: keyStart, reason: "the object has the key \"\(key.prefix(40))\" twice")
            }
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"): position += 1; return .object(members)
            default: throw failure("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func array() throws(JSONSyntaxError) -> CryptoJSON {
        position += 1
        var items: [CryptoJSON] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") { position += 1; return .array(items) }
        while true {
            items.append(try value())
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"): position += 1; return .array(items)
            default: throw failure("expected ',' or ']' in an array")
            }
        }
    }

    /// A string from its opening quote: plain runs are copied (UTF-8 checked), escapes decoded.
    private mutating func string() throws(JSONSyntaxError) -> String {
        position += 1
        var run = position
        var escaped: [UInt8] = []
        var hadEscape = false
        while true {
            guard let byte = peek() else { throw failure("a string is not closed") }
            switch byte {
            case UInt8(ascii: "\""):
                let text: String
                if hadEscape {
                    escaped.append(contentsOf: bytes[run..<position])
                    text = try validated(escaped[...], at: run)
                } else {
                    text = try validated(bytes[run..<position], at: run)
                }
                position += 1
                return text
            case UInt8(ascii: "\\"):
                escaped.append(contentsOf: bytes[run..<position])
                hadEscape = true
                try escape(into: &escaped)
                run = position
            case ..<0x20: throw failure("a control character inside a string must be escaped")
            default: position += 1
            }
        }
    }

    private func validated<Bytes: Collection<UInt8>>(_ run: Bytes, at start: Int) throws(JSONSyntaxError) -> String {
        guard let text = String(validating: run, as: UTF8.self) else { throw JSONSyntaxError(offset: start, reason: "a string is not valid UTF-8") }
        return text
    }

    /// One escape from its backslash, appended as UTF-8.
    private mutating func escape(into out: inout [UInt8]) throws(JSONSyntaxError) {
        position += 1
        guard let byte = peek() else { throw failure("a string is not closed") }
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(byte)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = UInt32(try hexQuad())
            if (0xD800..<0xDC00).contains(scalar) {
                guard peek() == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") else {
                    throw failure("a lone UTF-16 surrogate in a \\u escape")
                }
                position += 2
                let low = UInt32(try hexQuad())
                guard (0xDC00..<0xE000).contains(low) else { throw failure("a lone UTF-16 surrogate in a \\u escape") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw failure("a lone UTF-16 surrogate in a \\u escape")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw failure("a lone UTF-16 surrogate in a \\u escape") }
            UTF8.encode(unicode) { out.append($0) }
        default: throw JSONSyntaxError(offset: position - 1, reason: "unknown escape '\\\(Unicode.Scalar(byte))'")
        }
    }

    private mutating func hexQuad() throws(JSONSyntaxError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard let byte = peek() else { throw failure("a \\u escape needs four hex digits") }
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("a \\u escape needs four hex digits")
            }
            value = value << 4 | UInt16(digit)
            position += 1
        }
        return value
    }

    /// A number: an integer when it is written as one and fits 64 bits, else a double (as
    /// `CryptoJSON`'s decoder read it, integral doubles such as `1e3` also as integers).
    private mutating func number() throws(JSONSyntaxError) -> CryptoJSON {
        let start = position
        if peek() == UInt8(ascii: "-") { position += 1 }
        guard let first = peek(), isDigit(first) else { throw failure("a number needs a digit") }
        position += 1
        if first == UInt8(ascii: "0"), let next = peek(), isDigit(next) { throw failure("a number must not start with 0") }
        skipDigits()
        var integral = true
        if peek() == UInt8(ascii: ".") {
            integral = false
            position += 1
            guard let digit = peek(), isDigit(digit) else { throw failure("a fraction needs a digit") }
            skipDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            integral = false
            position += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
            guard let digit = peek(), isDigit(digit) else { throw failure("an exponent needs a digit") }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if integral, let integer = Int64(text) { return .integer(integer) }
        guard let double = Double(text), double.isFinite else { throw JSONSyntaxError(offset: start, reason: "the number \(text.prefix(40)) is out of range") }
        if double.rounded() == double, let integer = Int64(exactly: double) { return .integer(integer) }
        return .number(double)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while let byte = peek(), isDigit(byte) { position += 1 }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count - position >= expected.count, bytes[position..<position + expected.count].elementsEqual(expected) else {
            throw failure("unexpected word where a value should be")
        }
        position += expected.count
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    private func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

    private func failure(_ reason: String) -> JSONSyntaxError { JSONSyntaxError(offset: position, reason: reason) }
}
