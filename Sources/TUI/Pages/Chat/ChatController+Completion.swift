import ChatCore
import ViewModels

/// Tab and Shift-Tab in the chat's input: the word before the cursor completed from who spoke in
/// this chat (newest first), the people talked with, channels, commands and emoji (`Completion`).
extension ChatController {
    /// Starts a completion, or moves the one under way to its next (previous) candidate. Always
    /// taken: a Tab in the input never leaves it.
    func complete(forward: Bool) -> Bool {
        damage = .areas([.inputLine])
        if var completion {
            completion.step(forward: forward)
            completion.apply(to: &input)
            self.completion = completion
            return true
        }
        guard var started = Completion.begin(text: input.text, cursor: input.cursor, words: completionWords()) else { return true }
        if !forward { started.step(forward: false) }
        started.apply(to: &input)
        completion = started
        return true
    }

    /// What the chat and the session know by name now.
    func completionWords() -> CompletionWords {
        var speakers: [String] = []
        for line in (model?.messages.value ?? []).reversed() where !line.isMine {
            if !speakers.contains(line.message.senderNickname) { speakers.append(line.message.senderNickname) }
            if speakers.count == 200 { break }
        }
        let people = (community.conversations.rows.value ?? []).map(\.other.nickname)
        let channels = (community.channels.rows.value ?? []).map(\.channel.name)
        return CompletionWords(speakers: speakers, members: NameIndex(speakers + people), channels: NameIndex(channels))
    }
}
