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

    private static let table: [UInt32: [Unicode.Scalar]] = {
        var table: [UInt32: [Unicode.Scalar]] = [:]
        for entry in DecompositionTable.text.split(whereSeparator: { $0 == ";" || $0.isNewline }) {
            let sides = entry.split(separator: "=")
            guard sides.count == 2, let key = UInt32(sides[0], radix: 16) else { continue }
            table[key] = sides[1].split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
        }
        return table
    }()
}
