import ChatCore

/// "Alice is typing…" on the status line of an open chat: names are other people's words, made
/// inert here, and at most `Typists.namedAtMost` of them are named, the rest counted.
extension UIStrings {
    /// Nil when no one is typing.
    public func typing(_ typists: Typists, _ text: OutsideText) -> String? {
        guard !typists.isEmpty else { return nil }
        let names = typists.names.map(text.line)
        let korean = language == .korean
        switch (names.count, typists.others) {
        case (0, let others):
            return korean ? "\(others)명이 입력 중…" : (others == 1 ? "someone is typing…" : "\(others) people are typing…")
        case (1, 0):
            return korean ? "\(names[0]) 님이 입력 중…" : "\(names[0]) is typing…"
        case (_, 0):
            return korean ? "\(names.joined(separator: ", ")) 님이 입력 중…"
                : "\(names.dropLast().joined(separator: ", ")) and \(names[names.count - 1]) are typing…"
        case (_, let others):
            return korean ? "\(names.joined(separator: ", ")) 외 \(others)명이 입력 중…"
                : "\(names.joined(separator: ", ")) and \(others) \(others == 1 ? "other" : "others") are typing…"
        }
    }
}
