/// Unicode normalisation without Foundation (whose `precomposedString…` and diacritic-insensitive
/// comparisons sit on ICU, 34 MB of data in the binary): NFC from the standard library, NFKC as
/// NFC of the compatibility decompositions in `DecompositionTable`. `NormalizationTests` holds
/// both against Foundation's own on every assigned scalar.
public enum Normalization {
    /// Canonical composition (NFC), as `precomposedStringWithCanonicalMapping`.
    public static func nfc(_ text: String) -> String {
        String(decoding: text._nfcCodeUnits, as: UTF8.self)
    }

    /// Compatibility composition (NFKC), as `precomposedStringWithCompatibilityMapping`: NFC of the
    /// text with each scalar replaced by its full compatibility decomposition (NFC decomposes and
    /// reorders canonically before composing, so this is NFKC).
    public static func nfkc(_ text: String) -> String {
        var decomposed = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { decomposed.append(contentsOf: decomposition(of: scalar)) }
        return nfc(String(decomposed))
    }

    /// `character` case-folded (upper- then lower-cased, so "ß" is "ss"), decomposed and without
    /// its non-spacing marks: the key under which case- and diacritic-insensitive search compares
    /// ("É" and "e" alike).
    public static func searchKey(_ character: Character) -> String {
        var key = String.UnicodeScalarView()
        for scalar in String(character).uppercased().lowercased().unicodeScalars {
            for part in decomposition(of: scalar) where part.properties.generalCategory != .nonspacingMark {
                key.append(part)
            }
        }
        return String(key)
    }

    /// The scalar's full compatibility decomposition (NFKD); itself when it has none. Hangul
    /// syllables are returned whole.
    public static func decomposition(of scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        table[scalar.value] ?? [scalar]
    }

    /// Read from the table's text byte by byte: splitting its 60 KB as `Character`s (grapheme
    /// breaking every byte) was an eighth of the interactive client's start-up CPU, as the word
    /// filter builds its patterns before the first frame.
    private static let table: [UInt32: [Unicode.Scalar]] = {
        var table: [UInt32: [Unicode.Scalar]] = [:]
        table.reserveCapacity(6_000)
        var key: UInt32?
        var parts: [Unicode.Scalar] = []
        var number: UInt32 = 0
        var digits = 0
        var text = DecompositionTable.text
        text.withUTF8 { bytes in
            for byte in bytes {
                if let digit = hexValue(byte) {
                    number = number &* 16 &+ digit
                    digits += 1
                    continue
                }
                // Anything else ends a number: "=" ends the key, a space or ";" or a line a part.
                if digits > 0 {
                    if key == nil, byte == UInt8(ascii: "=") {
                        key = number
                    } else if key != nil, let scalar = Unicode.Scalar(number) {
                        parts.append(scalar)
                    }
                    number = 0
                    digits = 0
                }
                if byte == UInt8(ascii: ";") || byte == UInt8(ascii: "\n") {
                    if let key, !parts.isEmpty { table[key] = parts }
                    key = nil
                    parts = []
                }
            }
        }
        if digits > 0, key != nil, let scalar = Unicode.Scalar(number) { parts.append(scalar) }
        if let key, !parts.isEmpty { table[key] = parts }
        return table
    }()

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        default: nil
        }
    }
}
