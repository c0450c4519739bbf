import FoundationEssentials

/// The comparable form of a text: one unit per letter, each pointing back at its character.
struct Skeleton {
    struct Unit {
        var scalar: Unicode.Scalar
        /// Index of the original character it came from.
        var character: Int
        var startsCharacter: Bool
        var endsCharacter: Bool
    }

    let characters: [Character]
    private(set) var units: [Unit] = []

    init(_ text: String) { self.init(Array(text)) }

    init(_ characters: [Character]) {
        self.characters = characters
        for (index, character) in characters.enumerated() {
            let letters = Self.letters(of: character)
            for (offset, scalar) in letters.enumerated() {
                units.append(Unit(scalar: scalar, character: index, startsCharacter: offset == 0, endsCharacter: offset == letters.count - 1))
            }
        }
    }

    /// True unless a Latin match is glued to letters outside it (a word inside a longer word).
    func standsAlone(from first: Int, to last: Int) -> Bool {
        guard characters[first...last].contains(where: Self.isLatin) else { return true }
        let before = first > 0 ? characters[first - 1] : nil
        let after = last + 1 < characters.count ? characters[last + 1] : nil
        return !(before.map(Self.isLatin) ?? false) && !(after.map(Self.isLatin) ?? false)
    }

    static func isLatin(_ character: Character) -> Bool {
        character.unicodeScalars.contains { $0.properties.isAlphabetic && $0.value < 0x250 }
    }

    /// The comparable letters of one character; empty for spacing, punctuation and symbols.
    static func letters(of character: Character) -> [Unicode.Scalar] {
        if let lookalike = lookalikes[character] { return [lookalike] }
        // Fast paths with the same result as below, without Foundation's per-character
        // normalisation (most of a frame's cost when every message is masked): ASCII folds to
        // its lower case, and a precomposed Hangul syllable is already in compatibility form.
        let scalars = character.unicodeScalars
        if scalars.count == 1, let scalar = scalars.first {
            if scalar.isASCII {
                let lower = scalar.value >= 0x41 && scalar.value <= 0x5A ? Unicode.Scalar(scalar.value + 0x20)! : scalar
                return lower.properties.isAlphabetic || lower.properties.numericType != nil ? [lower] : []
            }
            if (0xAC00...0xD7A3).contains(scalar.value), let jamo = HangulJamo.decompose(scalar) { return jamo }
        }
        return normalisedLetters(of: character)
    }

    /// The general rule: compatibility-normalised, lower-cased, Hangul as jamo, letters and digits.
    static func normalisedLetters(of character: Character) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        let folded = Normalization.nfkc(String(character)).lowercased()
        for scalar in folded.unicodeScalars {
            if let jamo = HangulJamo.decompose(scalar) {
                result += jamo
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                result.append(scalar)
            }
        }
        return result
    }

    /// Digits and signs used in place of letters.
    static let lookalikes: [Character: Unicode.Scalar] = [
        "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", "$": "s", "!": "i",
    ]
}

/// Hangul in one alphabet: syllables, conjoining jamo and compatibility jamo all become
/// compatibility jamo, so an initial and a final consonant compare equal.
enum HangulJamo {
    static let initials = Array("ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ".unicodeScalars)
    static let finals = Array("ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ".unicodeScalars)

    static func vowel(_ index: UInt32) -> Unicode.Scalar { Unicode.Scalar(0x314F + index)! }

    /// The jamo of a Hangul scalar, or nil when it is not Hangul.
    static func decompose(_ scalar: Unicode.Scalar) -> [Unicode.Scalar]? {
        let value = scalar.value
        switch value {
        case 0xAC00...0xD7A3:
            let index = value - 0xAC00
            var jamo = [initials[Int(index / 588)], vowel((index % 588) / 28)]
            if index % 28 > 0 { jamo.append(finals[Int(index % 28) - 1]) }
            return jamo
        case 0x1100...0x1112: return [initials[Int(value - 0x1100)]]
        case 0x1161...0x1175: return [vowel(value - 0x1161)]
        case 0x11A8...0x11C2: return [finals[Int(value - 0x11A8)]]
        case 0x3131...0x3163: return [scalar]
        default: return nil
        }
    }
}

extension WordFilter {
    /// The form in which two names count as the same: the filter's comparable letters (case,
    /// width, look-alike digits and signs folded), so `Bob`, `B0b` and `ｂｏｂ` are one name.
    /// A name with no letters at all compares by its trimmed, lower-cased text.
    public static func comparableName(_ name: String) -> String {
        let letters = Skeleton(name).units.map(\.scalar)
        guard !letters.isEmpty else { return name.trimmingWhitespaceAndNewlines().lowercased() }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: letters)
        return String(text)
    }
}
