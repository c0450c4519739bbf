import ChatCore

/// One grapheme as it goes into the canvas: the scalars actually sent to the terminal and the
/// number of columns they take (1 or 2; 0 in the second column of a wide glyph).
///
/// The text's UTF-8 bytes are kept in the value itself (zero-padded), so a `Cell` is plain data:
/// copying, moving and comparing the canvas's cells copies and compares bytes and touches no
/// reference count. With a `String` per cell, every cell a frame compared or copied was retained
/// and released, which was most of a live message's CPU (callgrind). Every grapheme
/// `DisplayWidth` makes fits (a cell holds at most 5 scalars, 20 bytes); a longer text given to
/// `init(text:width:)` is kept once in a table and the glyph holds its number there.
public struct Glyph: Hashable, Sendable {
    /// Bytes kept in the value.
    static let inlineCapacity = 24
    /// `count` of a glyph whose text is in `GlyphTexts` (its number in `bytes.0`).
    private static let outOfLine = UInt8.max

    private var bytes: (UInt64, UInt64, UInt64) = (0, 0, 0)
    private var count: UInt8
    private let columns: UInt8

    public init(text: String, width: Int) {
        columns = UInt8(clamping: width)
        var text = text
        let inline = text.withUTF8 { utf8 -> (UInt64, UInt64, UInt64)? in
            guard utf8.count <= Self.inlineCapacity else { return nil }
            var bytes: (UInt64, UInt64, UInt64) = (0, 0, 0)
            withUnsafeMutableBytes(of: &bytes) { $0.copyMemory(from: UnsafeRawBufferPointer(utf8)) }
            return bytes
        }
        if let inline {
            bytes = inline
            count = UInt8(text.utf8.count)
        } else {
            bytes.0 = GlyphTexts.number(of: text)
            count = Self.outOfLine
        }
    }

    /// One scalar's glyph, its UTF-8 written straight into the value (no string made).
    init(scalar: Unicode.Scalar, width: Int) {
        columns = UInt8(clamping: width)
        var bytes: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &bytes) { raw in
            UTF8.encode(scalar) { unit in
                raw[count] = unit
                count += 1
            }
        }
        self.bytes = bytes
        self.count = UInt8(count)
    }

    /// Columns taken.
    public var width: Int { Int(columns) }

    /// How many bytes of UTF-8 the value holds itself (nil: its text is kept out of line).
    var inlineCount: Int? { count == Self.outOfLine ? nil : Int(count) }

    /// Copies the inline bytes to the start of `buffer` (as many as `inlineCount`); returns how many.
    func copyBytes(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let count = Int(self.count)
        withUnsafeBytes(of: bytes) { raw in
            for index in 0..<count { buffer[index] = raw[index] }
        }
        return count
    }

    /// The scalars sent to the terminal.
    public var text: String {
        guard count != Self.outOfLine else { return GlyphTexts.text(number: bytes.0) }
        return withUnsafeBytes(of: bytes) { String(decoding: UnsafeRawBufferPointer(rebasing: $0.prefix(Int(count))), as: UTF8.self) }
    }

    /// The glyph's scalar when it is exactly one (most glyphs are), read from its bytes without
    /// making a string: the terminal backend writes cells with it.
    public var onlyScalar: Unicode.Scalar? {
        guard count >= 1, count <= 4 else { return nil }
        return withUnsafeBytes(of: bytes) { raw -> Unicode.Scalar? in
            let lead = raw[0]
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            guard length == Int(count) else { return nil }
            var value = UInt32(length == 1 ? lead : length == 2 ? lead & 0x1F : length == 3 ? lead & 0x0F : lead & 0x07)
            for index in 1..<length { value = value << 6 | UInt32(raw[index] & 0x3F) }
            return Unicode.Scalar(value)
        }
    }

    public static let space = Glyph(text: " ", width: 1)
    public static let ellipsis = Glyph(text: "…", width: 1)

    /// Equal when the same scalars go to the terminal: compared byte by byte, not by Unicode's
    /// canonical equivalence (String's `==`, which normalises both sides). Glyphs that are
    /// equivalent but spelled differently are only written once more. A text kept out of line
    /// has one number for its bytes, so comparing numbers compares texts.
    @inline(__always)
    public static func == (lhs: Glyph, rhs: Glyph) -> Bool {
        lhs.columns == rhs.columns && lhs.count == rhs.count
            && lhs.bytes.0 == rhs.bytes.0 && lhs.bytes.1 == rhs.bytes.1 && lhs.bytes.2 == rhs.bytes.2
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(columns)
        hasher.combine(count)
        hasher.combine(bytes.0)
        hasher.combine(bytes.1)
        hasher.combine(bytes.2)
    }
}

/// The texts of glyphs too long to be kept inline, each once, by its bytes. Only a caller of
/// `Glyph(text:width:)` with more than `Glyph.inlineCapacity` bytes (no grapheme the app draws
/// has them) adds one, so it stays tiny.
enum GlyphTexts {
    private struct Table {
        var texts: [String] = []
        var numbers: [[UInt8]: UInt64] = [:]
    }

    private static let table = Mutex(Table())

    static func number(of text: String) -> UInt64 {
        let key = Array(text.utf8)
        return table.withLock { table in
            if let number = table.numbers[key] { return number }
            let number = UInt64(table.texts.count)
            table.texts.append(text)
            table.numbers[key] = number
            return number
        }
    }

    static func text(number: UInt64) -> String {
        table.withLock { $0.texts[Int(number)] }
    }
}
