import ChatCore
import ViewModels

/// What Tab can complete to, gathered by the front end from the chat and the session: who spoke
/// (newest first — the person you answer is usually the last who wrote), every member of the
/// channel and everyone talked with (`CompletionNames`), channels, themes. The command names
/// come from `CommandRegistry`.
public struct CompletionWords: Sendable {
    /// People who wrote in the open chat, newest first.
    public var speakers: [String]
    /// Everyone else who can be named (members of the channel, people talked with), by name.
    public var members: NameIndex
    public var channels: NameIndex
    public var themes: [String]

    public init(speakers: [String] = [], members: NameIndex = NameIndex([]), channels: NameIndex = NameIndex([]), themes: [String] = []) {
        self.speakers = speakers
        self.members = members
        self.channels = channels
        self.themes = themes
    }

    /// People matching `word`: speakers first in their order, then members in name order.
    func people(startingWith word: String) -> [String] {
        var seen = Set<String>()
        let speaking = speakers.filter { HangulInitials.hasPrefix($0, word) && seen.insert($0).inserted }
        guard !word.isEmpty else { return speaking }
        return speaking + members.names(startingWith: word).filter { seen.insert($0).inserted }
    }
}
