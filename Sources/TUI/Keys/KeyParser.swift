/// Turns the bytes read from a terminal into `Key`s.
///
/// Bytes may arrive split anywhere (a Korean syllable or an escape sequence across two reads):
/// whatever is incomplete waits for the next `feed`. A lone ESC cannot be told from the start of
/// a sequence by bytes alone, so the caller decides: when no byte has followed for a short while
/// (`hasPending`), it calls `flush()` and the ESC becomes `.escape` (a partial sequence becomes
/// what its bytes say). Bracketed paste (`ESC[200~ … ESC[201~`) is one `.paste` whatever it
/// contains. SGR mouse clicks and wheel turns are `.mouse`; other mouse reports and unknown
/// sequences are dropped. No input can make it fail: any
/// byte is consumed by some rule, and the buffers are bounded.
public struct KeyParser: Sendable {
    /// Longest escape sequence accepted; a longer one is garbage and is dropped.
    public static let maxSequenceLength = 64
    /// A paste longer than this is delivered in pieces of this size.
    public static let maxPasteChunk = 4 << 20

    private var pending: [UInt8] = []
    private var paste: [UInt8]?

    public init() {}

    /// True when bytes are waiting for more (a lone ESC, half a character or sequence): the
    /// caller should `flush()` if nothing else arrives soon. False while inside a paste.
    public var hasPending: Bool { paste == nil && !pending.isEmpty }

    /// True while between the paste start and end markers.
    public var isInPaste: Bool { paste != nil }

    /// Decodes as many keys as the bytes so far allow.
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [Key] where Bytes.Element == UInt8 {
        pending.append(contentsOf: bytes)
        return drain(final: false)
    }

    /// Resolves what is waiting as if no more bytes will come (the escape timeout).
    public mutating func flush() -> [Key] {
        drain(final: true)
    }

    private mutating func drain(final: Bool) -> [Key] {
        var keys: [Key] = []
        var start = 0
        while start < pending.count {
            if paste != nil {
                start = consumePaste(from: start, into: &keys)
                if paste != nil { break }  // the end marker has not arrived yet
                continue
            }
            switch Self.step(pending[start...], final: final) {
            case .key(let key, let length):
                keys.append(key)
                start += length
            case .skip(let length):
                start += length
            case .pasteStart(let length):
                paste = []
                start += length
            case .incomplete:
                pending.removeFirst(start)
                return keys
            }
        }
        pending.removeFirst(min(start, pending.count))
        return keys
    }

    /// Moves paste bytes out of `pending` until the end marker; returns where parsing resumes.
    private mutating func consumePaste(from start: Int, into keys: inout [Key]) -> Int {
        let rest = pending[start...]
        if let end = Self.find(Self.pasteEnd, in: rest) {
            paste!.append(contentsOf: rest[..<end])
            keys.append(.paste(String(decoding: paste!, as: UTF8.self)))
            paste = nil
            return end + Self.pasteEnd.count
        }
        // Keep a possible partial end marker in `pending`; the rest belongs to the paste.
        let keep = min(rest.count, Self.pasteEnd.count - 1)
        paste!.append(contentsOf: rest.dropLast(keep))
        if paste!.count >= Self.maxPasteChunk {
            keys.append(.paste(String(decoding: paste!, as: UTF8.self)))
            paste = []
        }
        return pending.count - keep
    }

    static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var index = haystack.startIndex
        while index <= haystack.endIndex - needle.count {
            if haystack[index] == needle[0], haystack[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    enum Step {
        case key(Key, Int)
        case skip(Int)
        case pasteStart(Int)
        case incomplete
    }

    /// Decodes the key at the start of `bytes` (never empty).
    static func step(_ bytes: ArraySlice<UInt8>, final: Bool) -> Step {
        let first = bytes[bytes.startIndex]
        switch first {
        case 0x1B: return escape(bytes, final: final)
        case 0x00...0x1F, 0x7F: return .key(controlKey(first), 1)
        case 0x20...0x7E: return .key(.character(Character(UnicodeScalar(first))), 1)
        default: return utf8(bytes, final: final)
        }
    }

    static func controlKey(_ byte: UInt8) -> Key {
        switch byte {
        case 0x0D: return .enter
        // Ctrl-J (LF): a newline in the input, as in readline-less chat clients; Enter sends CR.
        case 0x0A: return .control("j")
        case 0x09: return .tab
        case 0x7F, 0x08: return .backspace
        case 0x00: return .control(" ")
        default: return .control(Character(UnicodeScalar(byte + 0x60)))
        }
    }

    /// A multi-byte UTF-8 character; an invalid byte becomes U+FFFD on its own.
    static func utf8(_ bytes: ArraySlice<UInt8>, final: Bool) -> Step {
        let first = bytes[bytes.startIndex]
        let length: Int
        switch first {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return .key(.character("\u{FFFD}"), 1)
        }
        let available = bytes.prefix(length)
        for byte in available.dropFirst() where byte & 0xC0 != 0x80 {
            return .key(.character("\u{FFFD}"), 1)
        }
        if available.count < length { return final ? .key(.character("\u{FFFD}"), 1) : .incomplete }
        let decoded = String(decoding: available, as: UTF8.self).unicodeScalars
        guard decoded.count == 1, let scalar = decoded.first, scalar != "\u{FFFD}" else {
            return .key(.character("\u{FFFD}"), 1)
        }
        if (0x80...0x9F).contains(scalar.value) { return .skip(length) }  // C1 controls are not text
        return .key(.character(Character(scalar)), length)
    }
}
