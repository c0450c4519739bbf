import ChatCore

/// Names sorted for completion: a Tab finds every name starting with the typed word by binary
/// search, in the folded form and — when the word holds Hangul initial consonants (`ㅁㅅ`) — in
/// the form where each syllable is its initial consonant. Built once when the names change, so
/// a Tab over 10,000 members costs a few comparisons and the matches (`tteok-bench --only
/// completion`).
public struct NameIndex: Sendable {
    private struct Key: Sendable {
        let key: String
        let name: String
    }

    private let byFolded: [Key]
    private let byInitials: [Key]
    public let count: Int

    public init(_ names: [String]) {
        let unique = Array(Set(names.filter { !$0.isEmpty }))
        count = unique.count
        byFolded = unique.map { Key(key: $0.lowercased(), name: $0) }.sorted { ($0.key, $0.name) < ($1.key, $1.name) }
        byInitials = unique.map { Key(key: String(HangulInitials.initialsKey($0)), name: $0) }.sorted { ($0.key, $0.name) < ($1.key, $1.name) }
    }

    /// The names that start with `word`, in the index's order (folded, then as written).
    public func names(startingWith word: String) -> [String] {
        let folded = word.lowercased()
        guard !folded.isEmpty else { return byFolded.map(\.name) }
        if folded.contains(where: HangulInitials.isInitialConsonant) {
            let key = String(HangulInitials.initialsKey(folded))
            return Self.run(in: byInitials, prefix: key).filter { HangulInitials.hasPrefix($0.name, folded) }.map(\.name)
        }
        return Self.run(in: byFolded, prefix: folded).map(\.name)
    }

    /// The keys starting with `prefix`: from the first key not below it while they start with it.
    private static func run(in keys: [Key], prefix: String) -> ArraySlice<Key> {
        var low = 0, high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle].key < prefix { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < keys.count, keys[end].key.hasPrefix(prefix) { end += 1 }
        return keys[low..<end]
    }
}
