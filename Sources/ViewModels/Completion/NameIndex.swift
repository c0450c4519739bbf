import ChatCore

/// Names sorted for completion: a Tab finds every name starting with the typed word by binary
/// search, in the folded form and — when the word holds Hangul initial consonants (`ㅁㅅ`) — in
/// the form where each syllable is its initial consonant. Built once when the names change
/// (`CompletionNames`), so a Tab over 10,000 members costs a few comparisons and the matches
/// (`tteok-bench --only completion`).
///
/// Names are written by strangers and a completion types one into the input: each passes
/// `completable` first, the one rule of what Tab may put there.
public struct NameIndex: Sendable {
    /// A name under its key, compared by the key's UTF-8 bytes: the order of Unicode scalars, as
    /// `String`'s for the NFC text people type, without its cost per comparison (sorting 10,000
    /// names by `String` took most of the index's 37 ms).
    private struct Key: Sendable {
        let key: [UInt8]
        let name: String

        init(_ key: some Sequence<Character>, name: String) {
            self.key = Array(String(key).utf8)
            self.name = name
        }

        static func sorted(_ keys: [Key]) -> [Key] {
            keys.sorted { $0.key == $1.key ? $0.name < $1.name : $0.key.lexicographicallyPrecedes($1.key) }
        }
    }

    private let byFolded: [Key]
    private let byInitials: [Key]
    public let count: Int

    /// Characters of a name Tab puts in the input, at most: a hostile 60 KB display name costs
    /// the index and the line no more than a long nickname.
    public static let longestName = 64

    /// `name` as Tab may type it: inert (`InertText`: control characters, escape sequences and
    /// bidi overrides become visible stand-ins, so a completion never carries them into a
    /// message) and cut to `longestName` characters; nil for an empty name.
    public static func completable(_ name: String) -> String? {
        let cut = name.count > longestName ? String(name.prefix(longestName)) : name
        let inert = InertText.sanitize(cut, layout: .singleLine)
        return inert.isEmpty ? nil : inert
    }

    public init(_ names: [String]) {
        let unique = Array(Set(names.compactMap(Self.completable)))
        count = unique.count
        byFolded = Key.sorted(unique.map { Key($0.lowercased(), name: $0) })
        byInitials = Key.sorted(unique.map { Key(HangulInitials.initialsKey($0), name: $0) })
    }

    /// The names that start with `word`, in the index's order (folded, then as written).
    public func names(startingWith word: String) -> [String] {
        let folded = word.lowercased()
        guard !folded.isEmpty else { return byFolded.map(\.name) }
        if folded.contains(where: HangulInitials.isInitialConsonant) {
            let key = Array(String(HangulInitials.initialsKey(folded)).utf8)
            return Self.run(in: byInitials, prefix: key).filter { HangulInitials.hasPrefix($0.name, folded) }.map(\.name)
        }
        return Self.run(in: byFolded, prefix: Array(folded.utf8)).map(\.name)
    }

    /// Whether `name` (as `completable` makes it) is in the index.
    public func contains(_ name: String) -> Bool {
        guard let name = Self.completable(name) else { return false }
        return Self.run(in: byFolded, prefix: Array(name.lowercased().utf8)).contains { $0.name == name }
    }

    /// The keys starting with `prefix`: from the first key not below it while they start with it.
    private static func run(in keys: [Key], prefix: [UInt8]) -> ArraySlice<Key> {
        var low = 0, high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle].key.lexicographicallyPrecedes(prefix) { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < keys.count, keys[end].key.starts(with: prefix) { end += 1 }
        return keys[low..<end]
    }
}
