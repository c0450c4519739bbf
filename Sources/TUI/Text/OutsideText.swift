import ChatCore

/// The one gate every string written by someone else passes before a pane draws it: made inert
/// (`InertText`: controls, escape sequences and bidi overrides shown visibly) and then masked by
/// the word filter. Message bodies, nicknames, channel names, topics and server errors all go
/// through here; strings of our own (labels, hints) do not need to.
public struct OutsideText: Sendable {
    public let filter: WordFilter
    private let memo = LineMemo()

    public init(filter: WordFilter) {
        self.filter = filter
    }

    /// No words masked: for tests that only look at layout.
    public static let unfiltered = OutsideText(filter: WordFilter(words: []))

    /// Characters of one line looked at, at most: no terminal row is wider, and a hostile
    /// 1 MiB name must not cost seconds of sanitising and masking every frame.
    public static let lineLimit = 1024

    /// A name, title or one-line preview: one line, breaks and tabs shown as symbols; past
    /// `lineLimit` characters cut with `…`.
    public func line(_ text: String) -> String {
        var text = text
        if let end = text.index(text.startIndex, offsetBy: Self.lineLimit, limitedBy: text.endIndex), end < text.endIndex {
            text = String(text[..<end]) + "…"
        }
        return memo.value(for: text) { filter.mask(InertText.sanitize(text, layout: .singleLine)) }
    }

    /// A message body: its own line breaks kept, each line inert and masked.
    public func body(_ text: String) -> String {
        filter.mask(InertText.sanitize(text, layout: .multiLine))
    }
}
