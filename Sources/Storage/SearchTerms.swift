/// How message text is cut into the terms of the full-text index, and how a query is cut into
/// the same terms: overlapping character bigrams, the classic answer for Korean (and CJK) text,
/// where most words are one to three syllables and a particle clings to the word before it.
///
/// A word (a run of letters and digits, lower-cased) of characters c₀…cₙ₋₁ is indexed as the
/// bigrams c₀c₁, c₁c₂, …, cₙ₋₂cₙ₋₁ followed by the last character alone, so every character
/// starts exactly one term and consecutive terms sit at consecutive positions. Then any
/// substring of a word is found: one character as the prefix query `"c"*` (a term starting
/// with it), two as the term itself, more as the phrase of their bigrams. SQLite's FTS5 stores
/// the terms in a contentless table with the `unicode61` tokenizer (each term is one token);
/// see docs/architecture.md for why not `trigram`.
public enum SearchTerms {
    /// The name of the SQL function (registered on every `Connection`) that triggers use to
    /// index a body: `search_terms(body)`.
    public static let functionName = "search_terms"

    /// The index text of `body`: its terms separated by spaces.
    public static func indexText(_ body: String) -> String {
        asciiIndexText(body) ?? anyIndexText(body)
    }

    /// `indexText` for any text, by characters.
    static func anyIndexText(_ body: String) -> String {
        var terms: [String] = []
        for word in words(body) {
            for index in word.indices.dropLast() {
                terms.append(String(word[index]) + String(word[word.index(after: index)]))
            }
            if let last = word.last { terms.append(String(last)) }
        }
        return terms.joined(separator: " ")
    }

    /// The FTS5 MATCH expression finding messages that contain every word of `query` as a
    /// substring (words in any order); nil when the query has no letter or digit.
    public static func matchExpression(_ query: String) -> String? {
        let phrases = words(query).map { word -> String in
            if word.count == 1 { return "\"" + String(word) + "\"*" }
            let bigrams = word.indices.dropLast().map { String(word[$0]) + String(word[word.index(after: $0)]) }
            return "\"" + bigrams.joined(separator: " ") + "\""
        }
        return phrases.isEmpty ? nil : phrases.joined(separator: " AND ")
    }

    /// `indexText` of a body that is all ASCII, byte by byte: the same text (ASCII's letters and
    /// digits are its only letters and numbers, lower-casing stays within it, and no two of its
    /// characters form one grapheme that is a letter), without a `Character` and a `String` per
    /// term. Every live message is indexed as it is stored, and the general path cost about 35,000
    /// instructions for a short line. Nil when the body has any other byte.
    static func asciiIndexText(_ body: String) -> String? {
        // A string not stored contiguously (none that tteok makes) takes the general path.
        body.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count * 3)
            var previous: UInt8?  // the last letter or digit of the word being read
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                let lower = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
                let isWordByte = (lower >= 0x61 && lower <= 0x7A) || (lower >= 0x30 && lower <= 0x39)
                if isWordByte {
                    // A bigram ends here: the previous character and this one.
                    if let first = previous {
                        if !out.isEmpty { out.append(0x20) }
                        out.append(first)
                        out.append(lower)
                    }
                    previous = lower
                } else if let last = previous {
                    // The word ended: its last character alone.
                    if !out.isEmpty { out.append(0x20) }
                    out.append(last)
                    previous = nil
                }
            }
            if let last = previous {
                if !out.isEmpty { out.append(0x20) }
                out.append(last)
            }
            return String(decoding: out, as: UTF8.self)
        } ?? nil
    }

    /// Runs of letters and digits, lower-cased. Terms therefore never hold a quote or an FTS5
    /// operator character, so a query can never change the expression's structure.
    static func words(_ text: String) -> [[Character]] {
        var words: [[Character]] = []
        var current: [Character] = []
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = []
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
