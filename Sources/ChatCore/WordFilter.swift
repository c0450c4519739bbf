import FoundationEssentials

/// Masks objectionable words in text on display.
///
/// Matching works on a *skeleton* of the text: case folded, compatibility-normalised
/// (full-width letters, ligatures), common look-alike digits mapped (`0`→`o`, `$`→`s`),
/// spacing and punctuation between letters ignored, and Hangul compared jamo by jamo so
/// `시발`, `ㅅㅣㅂㅏㄹ` and conjoining jamo all meet the same entry. A match must start and end
/// on whole characters, and a Latin word must not sit inside a longer word (no "classic" → "cl***ic").
public struct WordFilter: Sendable {
    private let patterns: [[Unicode.Scalar]]
    private let byFirstUnit: [Unicode.Scalar: [Int]]
    /// The cheap look that clears most texts without building their skeleton.
    private let openings: WordOpenings

    /// A filter for these words (any script).
    public init<S: Sequence>(words: S) where S.Element == String {
        var seen = Set<[Unicode.Scalar]>()
        var patterns: [[Unicode.Scalar]] = []
        for word in words {
            let units = Skeleton(word).units.map(\.scalar)
            if !units.isEmpty, seen.insert(units).inserted { patterns.append(units) }
        }
        self.patterns = patterns
        self.byFirstUnit = Dictionary(grouping: patterns.indices, by: { patterns[$0][0] })
        self.openings = WordOpenings(patterns: patterns)
    }

    /// The shipped lists, changed by the user's file (`+word` or `word` adds, `-word` removes, `#` comments).
    public static func standard(userFile: URL? = nil) -> WordFilter {
        var words = Set(ShippedWordLists.english + ShippedWordLists.korean)
        if let userFile, let text = try? String(contentsOf: userFile, encoding: .utf8) {
            apply(userList: text, to: &words)
        }
        return WordFilter(words: words)
    }

    /// The user's edits applied to a word set.
    static func apply(userList: String, to words: inout Set<String>) {
        for raw in userList.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingWhitespace()
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("-") {
                let removed = Skeleton(String(line.dropFirst())).units.map(\.scalar)
                words = words.filter { Skeleton($0).units.map(\.scalar) != removed }
            } else {
                words.insert(line.hasPrefix("+") ? String(line.dropFirst()) : line)
            }
        }
    }

    /// True when `text` holds a listed word.
    public func matches(_ text: String) -> Bool {
        openings.mayMatch(text.unicodeScalars) && !ranges(in: Array(text)).isEmpty
    }

    /// `text` with every character of each listed word replaced by `*`.
    public func mask(_ text: String) -> String {
        guard openings.mayMatch(text.unicodeScalars) else { return text }
        let characters = Array(text)
        let masked = mask(characters)
        return masked == characters ? text : String(masked)
    }

    /// `mask` over characters already cut apart (styled runs laid side by side): one `*` per
    /// masked character, so each run keeps its length and a word split across runs is found too.
    public func mask(_ characters: [Character]) -> [Character] {
        guard openings.mayMatch(characters.lazy.flatMap(\.unicodeScalars)) else { return characters }
        let found = ranges(in: characters)
        guard !found.isEmpty else { return characters }
        var masked = characters
        for range in found {
            for index in range where !masked[index].isWhitespace { masked[index] = "*" }
        }
        return masked
    }

    /// True when `text` might hold a listed word (false: it certainly holds none).
    func mayMatch(_ text: String) -> Bool { openings.mayMatch(text.unicodeScalars) }

    /// `matches` without the cheap first look: what that look must agree with.
    func matchesFully(_ text: String) -> Bool { !ranges(in: Array(text)).isEmpty }

    /// Character ranges (in `characters`) of every match.
    private func ranges(in characters: [Character]) -> [ClosedRange<Int>] {
        let skeleton = Skeleton(characters)
        let units = skeleton.units
        var result: [ClosedRange<Int>] = []
        var position = 0
        while position < units.count {
            if let end = longestMatch(at: position, in: skeleton) {
                result.append(units[position].character...units[end].character)
                position = end + 1
            } else {
                position += 1
            }
        }
        return result
    }

    private func longestMatch(at start: Int, in skeleton: Skeleton) -> Int? {
        let units = skeleton.units
        guard units[start].startsCharacter, let candidates = byFirstUnit[units[start].scalar] else { return nil }
        var best: Int?
        for index in candidates {
            let pattern = patterns[index]
            let end = start + pattern.count - 1
            guard end < units.count, units[end].endsCharacter, end > (best ?? -1) else { continue }
            guard zip(pattern, units[start...end]).allSatisfy({ $0 == $1.scalar }) else { continue }
            guard skeleton.standsAlone(from: units[start].character, to: units[end].character) else { continue }
            best = end
        }
        return best
    }
}
