import FoundationEssentials

/// Whether a message calls for the viewer's attention — a **highlight** in WeeChat's and irssi's
/// word: it names me (my nickname, a mention pill linking to my user id, or one of the highlight
/// words of my config file), or it is a direct message to me. Highlights are drawn marked,
/// counted apart from unread messages, and announced. Decided here and nowhere else.
public struct HighlightRule: Hashable, Sendable {
    /// Who I am: my own messages are never highlights.
    public var me: UserID
    /// Names that mean me, folded: my nickname and, on Matrix, my user id's localpart.
    public var names: [String]
    /// The config file's `highlight` words, folded.
    public var words: [String]

    public init(me: UserID, nickname: String, words: [String] = []) {
        self.me = me
        var names = [nickname]
        if me.raw.hasPrefix("@"), let colon = me.raw.firstIndex(of: ":") {
            names.append(String(me.raw[me.raw.index(after: me.raw.startIndex)..<colon]))
        }
        self.names = Self.folded(names)
        self.words = Self.folded(words)
    }

    /// The rule for a viewer; nil for a guest, whom nothing can name.
    public init?(viewer: Viewer, words: [String] = []) {
        guard let account = viewer.account else { return nil }
        self.init(me: account.id, nickname: account.nickname, words: words)
    }

    /// True when `message`, posted in a channel that `isDirect` or not, is a highlight for me.
    public func isHighlight(_ message: Message, isDirect: Bool) -> Bool {
        guard message.senderID != me else { return false }
        switch message.content {
        case .text, .emote, .notice: break
        case .deleted, .roomChange: return false
        default: return isDirect
        }
        return isDirect || mentionsMe(message)
    }

    /// True when the text names me or a highlight word, or a link in it points at my user id.
    public func mentionsMe(_ message: Message) -> Bool {
        if let formatted = message.formatted,
           formatted.runs.contains(where: { $0.link.map(Self.pillTarget) == me.raw }) { return true }
        let text = Array(message.content.summary.lowercased())
        return (names + words).contains { Self.occurs($0, asWordIn: text) }
    }

    /// The user id a Matrix mention pill (`https://matrix.to/#/@mina:example.org`) links to.
    static func pillTarget(_ link: String) -> String? {
        let prefix = "https://matrix.to/#/"
        guard link.hasPrefix(prefix) else { return nil }
        let target = link.dropFirst(prefix.count).prefix { $0 != "?" }
        return target.removingPercentEncodingIfAny
    }

    /// True when `word` occurs in `text` not inside a longer Latin word: `mina` in `@Mina:` or
    /// `mina님` (a Korean particle after a name still names it), never in `minaret`.
    static func occurs(_ word: String, asWordIn text: [Character]) -> Bool {
        let wanted = Array(word)
        guard !wanted.isEmpty, text.count >= wanted.count else { return false }
        for start in 0...(text.count - wanted.count) where text[start] == wanted[0] {
            guard Array(text[start..<(start + wanted.count)]) == wanted else { continue }
            let before = start == 0 ? nil : text[start - 1]
            let after = start + wanted.count == text.count ? nil : text[start + wanted.count]
            if !continuesWord(before, wanted.first), !continuesWord(after, wanted.last) { return true }
        }
        return false
    }

    /// True when `neighbour` would make `edge` part of a longer word: both letters or digits of
    /// the same script family (a Hangul particle after a Latin or Hangul name does not).
    private static func continuesWord(_ neighbour: Character?, _ edge: Character?) -> Bool {
        guard let neighbour, let edge, neighbour.isLetter || neighbour.isNumber || neighbour == "_" else { return false }
        let isHangul: (Character) -> Bool = { HangulInitials.initial(of: $0) != nil }
        if isHangul(neighbour) { return false }
        return edge.isLetter || edge.isNumber || edge == "_"
    }

    private static func folded(_ values: [String]) -> [String] {
        values.map { $0.trimmingWhitespace().lowercased() }.filter { !$0.isEmpty }
    }
}

extension Substring {
    var removingPercentEncodingIfAny: String {
        percentDecoded ?? String(self)
    }
}
