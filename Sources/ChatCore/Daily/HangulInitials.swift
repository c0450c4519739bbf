/// Name matching as Korean users type it: a query of initial consonants finds the names whose
/// syllables start with them (`ㅁㅍ` finds 마포구, `ㄸㅂ` finds 떡볶이: the initial of 떡 is the
/// double ㄸ), mixed with ordinary letters (`마ㅍ`), case-insensitive elsewhere.
///
/// The quick switcher and completion share this one rule so a name found in one is found in the
/// other.
public enum HangulInitials {
    /// The 19 initial consonants of a precomposed syllable, in Unicode's order, as the
    /// compatibility jamo a keyboard types (U+3131…).
    static let initials: [Character] = [
        "ㄱ", "ㄲ", "ㄴ", "ㄷ", "ㄸ", "ㄹ", "ㅁ", "ㅂ", "ㅃ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅉ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ",
    ]

    /// The initial consonant of a precomposed Hangul syllable (가…힣), nil for anything else.
    public static func initial(of character: Character) -> Character? {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
              (0xAC00...0xD7A3).contains(scalar.value) else { return nil }
        return initials[Int(scalar.value - 0xAC00) / (21 * 28)]
    }

    /// True for a compatibility consonant that can start a syllable (ㄱ…ㅎ as typed alone).
    public static func isInitialConsonant(_ character: Character) -> Bool {
        initials.contains(character)
    }

    /// The form names are compared in: lower-cased, one `Character` per grapheme.
    public static func folded(_ text: some StringProtocol) -> [Character] {
        Array(text.lowercased())
    }

    /// Each syllable replaced by its initial consonant, other characters folded: the key a
    /// query of consonants is looked up by.
    public static func initialsKey(_ text: some StringProtocol) -> [Character] {
        folded(text).map { initial(of: $0) ?? $0 }
    }

    /// True when `query` (already folded) matches `name` (folded) at `start`: each query
    /// character equals the name's, or is the initial consonant of the name's syllable.
    static func matches(_ query: [Character], _ name: [Character], at start: Int) -> Bool {
        guard start + query.count <= name.count else { return false }
        for (offset, wanted) in query.enumerated() {
            let have = name[start + offset]
            if have == wanted { continue }
            if isInitialConsonant(wanted), initial(of: have) == wanted { continue }
            return false
        }
        return true
    }

    /// True when the name starts with the query.
    public static func hasPrefix(_ name: some StringProtocol, _ query: some StringProtocol) -> Bool {
        matches(folded(query), folded(name), at: 0)
    }

    /// True when the query occurs anywhere in the name (an empty query matches every name).
    public static func contains(_ name: some StringProtocol, _ query: some StringProtocol) -> Bool {
        let wanted = folded(query)
        guard !wanted.isEmpty else { return true }
        let have = folded(name)
        guard have.count >= wanted.count else { return false }
        return (0...(have.count - wanted.count)).contains { matches(wanted, have, at: $0) }
    }
}
