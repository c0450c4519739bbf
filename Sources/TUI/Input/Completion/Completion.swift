import ChatCore

/// One Tab completion in progress, cycling as WeeChat and senpai do: the first Tab puts the
/// first candidate in place of the word before the cursor, each further Tab (Shift-Tab) the
/// next (previous) one, wrapping; any other key keeps what is there and ends the cycle.
///
/// What a word completes to depends on where it is: the first word of a line starting with `/`
/// is a command; the word after `/join` a channel, after `/dm` (`/msg`, `/query`, `/block`) a
/// member, after `/theme` a theme, after `/notify` a level; a word starting with `:` an emoji;
/// any other word a person — with `: ` after it at the start of a line (IRC's way of addressing
/// someone), a space elsewhere.
public struct Completion: Hashable, Sendable {
    /// Where the completed word starts in the line, in characters.
    public let start: Int
    /// The candidates in cycling order, each with what follows it.
    public let candidates: [String]
    public private(set) var index: Int
    /// How many characters from `start` the line holds of this completion: the typed word
    /// before the first `apply`, the candidate put in place after it.
    public private(set) var inPlace: Int

    /// What the word is replaced with now.
    public var current: String { candidates[index] }

    /// Puts the current candidate in the line in place of what the last step put there.
    public mutating func apply(to editor: inout LineEditor) {
        editor.replace(start..<(start + inPlace), with: current)
        inPlace = current.count
    }

    /// Starts completing the word before `cursor` in `text`; nil when nothing matches.
    public static func begin(text: String, cursor: Int, words: CompletionWords) -> Completion? {
        let characters = Array(text)
        let cursor = min(max(cursor, 0), characters.count)
        var start = cursor
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        let word = String(characters[start..<cursor])
        let before = String(characters[..<start])
        let candidates = candidates(for: word, before: before, words: words)
        guard !candidates.isEmpty else { return nil }
        return Completion(start: start, candidates: candidates, index: 0, inPlace: cursor - start)
    }

    /// The next (or previous) candidate, wrapping.
    public mutating func step(forward: Bool) {
        index = (index + (forward ? 1 : candidates.count - 1)) % candidates.count
    }

    /// The candidates for `word`, each with its suffix.
    static func candidates(for word: String, before: String, words: CompletionWords) -> [String] {
        let atLineStart = before.allSatisfy(\.isWhitespace)
        if atLineStart, word.hasPrefix("/"), !word.hasPrefix("//") {
            let typed = word.dropFirst().lowercased()
            return CommandRegistry.names.filter { $0.hasPrefix(typed) }.map { "/" + $0 + " " }
        }
        if word.hasPrefix(":"), word.count >= 2 {
            return EmojiShortcodes.matching(String(word.dropFirst()))
        }
        if let command = commandBefore(before) {
            return arguments(of: command, word: word, words: words).map { $0 + " " }
        }
        let at = word.hasPrefix("@") ? "@" : ""
        let suffix = atLineStart ? ": " : " "
        return words.people(startingWith: String(word.dropFirst(at.count))).map { at + $0 + suffix }
    }

    /// The command whose first argument the word is (`/join ma` → `join`), nil otherwise.
    private static func commandBefore(_ before: String) -> String? {
        let parts = before.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 1, before.last == " ", parts[0].hasPrefix("/") else { return nil }
        return parts[0].dropFirst().lowercased()
    }

    private static func arguments(of command: String, word: String, words: CompletionWords) -> [String] {
        switch CommandRegistry.argumentKind(of: command) {
        case .channel: return words.channels.names(startingWith: word)
        case .member: return words.people(startingWith: word)
        case .theme: return words.themes.filter { $0.lowercased().hasPrefix(word.lowercased()) }
        case .notifyLevel: return NotifyLevel.allCases.map(\.rawValue).filter { $0.hasPrefix(word.lowercased()) }
        case nil: return []
        }
    }
}
