/// The cheap first look of the word filter: a text can hold a listed word only if its skeleton
/// has some word's first three letters in a row (all of a shorter word's).
///
/// Nearly every message holds no listed word, and building its skeleton (a unit per letter, each
/// pointing back at its character) and trying the words at every letter was about 56 K
/// instructions of a live message (callgrind). Here the letters of the common scalars (ASCII,
/// Hangul syllables and compatibility jamo) are found with no allocation, exactly as `Skeleton`
/// finds them, and any other scalar (a combining mark, an emoji, full-width or accented letters)
/// sends the text to the full match, so the answer "no word here" is never wrong.
struct WordOpenings: Sendable {
    /// The first three units of each word (two or one for shorter words), packed by `key`. No
    /// unit is 0, so keys of one, two and three units never collide.
    private let openings: Set<UInt64>
    /// A bit per `slot` of the keys in `openings`: most keys are turned away by one bit, without
    /// hashing them for the set.
    private let bits: [UInt64]

    init(patterns: [[Unicode.Scalar]]) {
        var openings = Set<UInt64>()
        var bits = [UInt64](repeating: 0, count: Self.bitWords)
        for pattern in patterns where !pattern.isEmpty {
            let key = pattern.prefix(3).reduce(0) { Self.key($0, $1.value) }
            openings.insert(key)
            bits[Self.slot(key) / 64] |= 1 << UInt64(Self.slot(key) % 64)
        }
        self.openings = openings
        self.bits = bits
    }

    private static let bitWords = 64

    /// Where a key's bit is: a multiplicative hash's top bits.
    @inline(__always)
    private static func slot(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 52)  // 12 bits: 4096 slots
    }

    @inline(__always)
    fileprivate func holds(_ key: UInt64) -> Bool {
        let slot = Self.slot(key)
        return bits[slot / 64] & 1 << UInt64(slot % 64) != 0 && openings.contains(key)
    }

    /// False only when `scalars` certainly hold no listed word; true when they might, or when a
    /// scalar is not one this look reads (the full match then decides).
    func mayMatch<Scalars: Sequence>(_ scalars: Scalars) -> Bool where Scalars.Element == Unicode.Scalar {
        let ascii = Self.asciiUnits
        let initials = Self.initialUnits
        let vowels = Self.vowelUnits
        let finals = Self.finalUnits
        var window = Window()
        for scalar in scalars {
            let value = scalar.value
            switch value {
            case 0..<0x80:
                let unit = ascii[Int(value)]
                if unit != 0, window.push(unit, self) { return true }
            case 0xAC00...0xD7A3:
                let index = Int(value - 0xAC00)
                if window.push(initials[index / 588], self) || window.push(vowels[index % 588 / 28], self) { return true }
                if index % 28 > 0, window.push(finals[index % 28 - 1], self) { return true }
            case Self.compatibilityJamo:
                for unit in Self.jamoUnits[Int(value - Self.compatibilityJamo.lowerBound)] where window.push(unit, self) { return true }
            default:
                return true
            }
        }
        return false
    }

    /// The last two units read, and whether a new one ends a word's opening.
    private struct Window {
        /// The last two units packed by `key` (0: none yet; no unit is 0).
        private var last: UInt64 = 0

        /// Reads `unit`; true when it, or it after the one or two before, is some word's opening.
        @inline(__always)
        mutating func push(_ unit: UInt32, _ openings: WordOpenings) -> Bool {
            let one = last & Self.unitMask
            let two = last
            last = WordOpenings.key(one, unit)
            return openings.holds(UInt64(unit)) || (one != 0 && openings.holds(last))
                || (two > Self.unitMask && openings.holds(WordOpenings.key(two, unit)))
        }

        private static let unitMask: UInt64 = (1 << 21) - 1
    }

    /// Units packed 21 bits each (every scalar fits; three fit in a key): `key(key(a), b)`.
    @inline(__always)
    fileprivate static func key(_ packed: UInt64, _ unit: UInt32) -> UInt64 {
        packed << 21 | UInt64(unit)
    }

    /// The unit of each ASCII scalar as `Skeleton` reads it alone (0: none, as for spaces and
    /// punctuation): folded to lower case, look-alike digits and signs mapped.
    static let asciiUnits: [UInt32] = (0..<0x80).map { value in
        Skeleton.letters(of: Character(Unicode.Scalar(UInt8(value)))).first?.value ?? 0
    }

    static let compatibilityJamo: ClosedRange<UInt32> = 0x3131...0x3163

    /// A syllable's jamo as units (`HangulJamo.decompose`'s, by the syllable's index parts).
    static let initialUnits = HangulJamo.initials.map(\.value)
    static let vowelUnits = (0..<21).map { HangulJamo.vowel(UInt32($0)).value }
    static let finalUnits = HangulJamo.finals.map(\.value)

    /// The units of each compatibility jamo as `Skeleton` reads it alone.
    static let jamoUnits: [[UInt32]] = compatibilityJamo.map { value in
        Unicode.Scalar(value).map { Skeleton.letters(of: Character($0)).map(\.value) } ?? []
    }
}
