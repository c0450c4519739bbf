/// A strict pull scanner over JSON text (RFC 8259, UTF-8): the caller walks the document value by
/// value and builds only what it reads, stepping over the rest (`skip`) without building it.
///
/// Why: `JSONDecoder` with `Codable` builds every value it meets, tries optional shapes one by one
/// with a thrown error (and its coding path) per miss, and knows no way to step over a subtree —
/// most of the CPU a cold start spends on its first sliding-sync answer. This reads each byte once.
///
/// Strict, since the text may be a hostile server's: nesting deeper than `maximumDepth` (which
/// also bounds the recursion of `skip`), invalid UTF-8, control characters in strings, unknown
/// escapes, leading zeros, lone UTF-16 surrogates (unless `replacesLoneSurrogates`) and anything
/// after the document are refused as `.syntax` errors with the byte offset and the reason.
/// Duplicate keys are the reader's to refuse (it knows which keys it reads).
///
/// Walking: `kind()` says what comes next; `enterObject()` then `nextKey()` until nil, reading
/// each member's value; `enterArray()` then `nextElement()` until false; `end()` at the end.
public struct JSONScanner {
    /// What the next value is, by its first byte.
    public enum Kind: Sendable, Equatable {
        case object, array, string, number, bool, null
    }

    /// Where the scanner stands, to come back to (`rewind`) and step over a value a reader gave up on.
    public struct Mark: Sendable {
        fileprivate let position: Int
        fileprivate let depth: Int
    }

    public let maximumDepth: Int
    /// `\ud800` without its other half becomes U+FFFD instead of an error: one string written by
    /// another client must not cost a whole answer (as `LoneSurrogates` repairs them for JSONDecoder).
    public let replacesLoneSurrogates: Bool
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    private(set) var depth = 0
    /// Just inside `{` or `[`: the next member or element has no comma before it.
    private var atFirst = false
    /// Where the key `nextKey` last read starts (its opening quote), for a reader's errors about it.
    public private(set) var keyOffset = 0

    /// `bytes` must outlive the scanner (it is read in place).
    public init(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int = 512, replacesLoneSurrogates: Bool = false) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.replacesLoneSurrogates = replacesLoneSurrogates
    }

    /// The byte offset of the next value, for a reader's own errors.
    public var offset: Int { position }

    public var mark: Mark { Mark(position: position, depth: depth) }

    /// Back to `mark`, which must have been taken before a value (then `skip` steps over it).
    public mutating func rewind(to mark: Mark) {
        position = mark.position
        depth = mark.depth
        atFirst = false
    }

    /// The kind of the next value.
    public mutating func kind() throws(JSONScanError) -> Kind {
        skipWhitespace()
        guard position < bytes.count else { throw failure("the text ends where a value should be") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: throw failure("unexpected character where a value should be")
        }
    }

    /// A `.shape` error at the next value, for a reader that meets the wrong kind.
    public mutating func unexpected(_ what: String) -> JSONScanError {
        skipWhitespace()
        return JSONScanError(.shape, at: position, what)
    }

    /// Where a typed read finds another kind of value: `unexpected`, or the `.syntax` error of no
    /// value there at all (the text ends, or no value starts with that byte). Text cut short is
    /// broken JSON, never JSON of another shape, which a lenient reader would step over and go on.
    mutating func wrongKind(_ what: String) -> JSONScanError {
        do throws(JSONScanError) {
            _ = try kind()
        } catch {
            return error
        }
        return unexpected(what)
    }

    // MARK: Objects and arrays

    public mutating func enterObject() throws(JSONScanError) {
        try enter(UInt8(ascii: "{"), "an object")
    }

    /// The next member's key (the scanner then stands before its value), or nil after the
    /// object's closing brace.
    public mutating func nextKey() throws(JSONScanError) -> String? {
        guard try nextMember(closing: UInt8(ascii: "}")) else { return nil }
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw failure("an object key must be a string") }
        keyOffset = position
        let key = try stringBody()
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw failure("expected ':' after an object key") }
        position += 1
        return key
    }

    public mutating func enterArray() throws(JSONScanError) {
        try enter(UInt8(ascii: "["), "an array")
    }

    /// Whether another element follows (the scanner then stands before it); false after `]`.
    public mutating func nextElement() throws(JSONScanError) -> Bool {
        try nextMember(closing: UInt8(ascii: "]"))
    }

    private mutating func enter(_ opening: UInt8, _ what: String) throws(JSONScanError) {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == opening else { throw wrongKind("expected \(what)") }
        guard depth < maximumDepth else { throw failure("nested deeper than \(maximumDepth) levels") }
        depth += 1
        position += 1
        atFirst = true
    }

    /// Past the comma before the next member, or past `closing` (false).
    private mutating func nextMember(closing: UInt8) throws(JSONScanError) -> Bool {
        skipWhitespace()
        let first = atFirst
        atFirst = false
        guard position < bytes.count else {
            // The text ends where a member, a comma or the closing bracket should be.
            let object = closing == UInt8(ascii: "}")
            if first { throw failure(object ? "an object key must be a string" : "the text ends where a value should be") }
            throw failure(object ? "expected ',' or '}' in an object" : "expected ',' or ']' in an array")
        }
        if bytes[position] == closing {
            position += 1
            depth -= 1
            return false
        }
        if !first {
            guard bytes[position] == UInt8(ascii: ",") else {
                throw failure(closing == UInt8(ascii: "}") ? "expected ',' or '}' in an object" : "expected ',' or ']' in an array")
            }
            // A trailing comma (`[1,]`, `{"a":1,}`) is refused by what must follow a comma: a value or a key.
            position += 1
            skipWhitespace()
        }
        return true
    }

    // MARK: Scalars

    /// A string value.
    public mutating func string() throws(JSONScanError) -> String {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw wrongKind("expected a string") }
        return try stringBody()
    }

    public mutating func bool() throws(JSONScanError) -> Bool {
        skipWhitespace()
        if try literal("true") { return true }
        if try literal("false") { return false }
        throw wrongKind("expected true or false")
    }

    /// Reads `null` if it comes next (true), else leaves the value to be read (false).
    public mutating func null() throws(JSONScanError) -> Bool {
        skipWhitespace()
        return try literal("null")
    }

    /// A number that an `Int64` holds exactly (`3`, `3.0`, `3e2`); nil for any other number.
    public mutating func int64() throws(JSONScanError) -> Int64? {
        let token = try numberToken()
        if token.integral, let value = integer(token.range) { return value }
        return double(token.range).flatMap { Int64(exactly: $0) }
    }

    /// A number as the nearest `Double`; nil when it is too large for one.
    public mutating func double() throws(JSONScanError) -> Double? {
        let token = try numberToken()
        // Up to 15 digits an integer converts exactly; most numbers of an answer are such.
        if token.integral, token.range.count <= 15, let value = integer(token.range) { return Double(value) }
        return double(token.range)
    }

    /// Steps over the next value, checking it as strictly as reading it would.
    public mutating func skip() throws(JSONScanError) {
        switch try kind() {
        case .object:
            try enterObject()
            while try nextKey() != nil { try skip() }
        case .array:
            try enterArray()
            while try nextElement() { try skip() }
        case .string:
            try skipString()
        case .number:
            _ = try numberToken()
        case .bool:
            _ = try bool()
        case .null:
            guard try literal("null") else { throw failure("unexpected word where a value should be") }
        }
    }

    /// Nothing but whitespace may follow the document.
    public mutating func end() throws(JSONScanError) {
        skipWhitespace()
        guard position == bytes.count else { throw failure("more text after the value") }
    }

    func failure(_ reason: String) -> JSONScanError { JSONScanError(.syntax, at: position, reason) }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    /// Reads `word` if the text continues with it. A word that only starts like one is an error.
    private mutating func literal(_ word: StaticString) throws(JSONScanError) -> Bool {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard position < bytes.count, bytes[position] == expected[0] else { return false }
        guard bytes.count - position >= expected.count, bytes[position..<position + expected.count].elementsEqual(expected) else {
            throw failure("unexpected word where a value should be")
        }
        position += expected.count
        return true
    }
}
