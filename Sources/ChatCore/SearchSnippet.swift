import FoundationEssentials

/// The context shown around a search match: the first place a query word occurs, with up to
/// `context` characters before and after it, on one line, "…" where text was cut.
public enum SearchSnippet {
    public static let context = 30

    public static func make(body: String, query: String) -> String {
        let line = body.split(whereSeparator: \.isNewline).joined(separator: " ")
        let words = query.split { !($0.isLetter || $0.isNumber) }
        let keys = line.map(Normalization.searchKey)
        let match = words.compactMap { firstOffset(of: $0.map(Normalization.searchKey), in: keys) }.min()
        guard let match else { return clipped(line, from: line.startIndex) }
        let start = line.index(line.startIndex, offsetBy: max(0, match - context))
        return clipped(line, from: start)
    }

    /// Where `word` first occurs in `line`, both as search keys (case and diacritics ignored), in characters.
    private static func firstOffset(of word: [String], in line: [String]) -> Int? {
        guard !word.isEmpty, word.count <= line.count else { return nil }
        return (0...(line.count - word.count)).first { start in line[start..<(start + word.count)].elementsEqual(word) }
    }

    private static func clipped(_ line: String, from start: String.Index) -> String {
        let end = line.index(start, offsetBy: 2 * context + 10, limitedBy: line.endIndex) ?? line.endIndex
        return (start > line.startIndex ? "…" : "") + line[start..<end] + (end < line.endIndex ? "…" : "")
    }
}
