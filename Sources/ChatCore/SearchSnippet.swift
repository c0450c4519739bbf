import Foundation

/// The context shown around a search match: the first place a query word occurs, with up to
/// `context` characters before and after it, on one line, "…" where text was cut.
public enum SearchSnippet {
    public static let context = 30

    public static func make(body: String, query: String) -> String {
        let line = body.split(whereSeparator: \.isNewline).joined(separator: " ")
        let words = query.split { !($0.isLetter || $0.isNumber) }
        let match = words.compactMap { line.range(of: $0, options: [.caseInsensitive, .diacriticInsensitive]) }
            .min { $0.lowerBound < $1.lowerBound }
        guard let match else { return clipped(line, from: line.startIndex) }
        let start = line.index(match.lowerBound, offsetBy: -context, limitedBy: line.startIndex) ?? line.startIndex
        return clipped(line, from: start)
    }

    private static func clipped(_ line: String, from start: String.Index) -> String {
        let end = line.index(start, offsetBy: 2 * context + 10, limitedBy: line.endIndex) ?? line.endIndex
        return (start > line.startIndex ? "…" : "") + line[start..<end] + (end < line.endIndex ? "…" : "")
    }
}
