import ChatCore
import ViewModels

/// Tab and Shift-Tab in the chat's input: the word before the cursor completed from who spoke in
/// this chat (newest first), then the channel's members and the people talked with by name
/// (`CompletionNames`' index), channels, commands and emoji (`Completion`).
extension ChatController {
    /// Starts a completion, or moves the one under way to its next (previous) candidate. Always
    /// taken: a Tab in the input never leaves it.
    func complete(forward: Bool) async -> Bool {
        damage = .areas([.inputLine])
        if var completion {
            completion.step(forward: forward)
            completion.apply(to: &input)
            self.completion = completion
            return true
        }
        let words = await completionWords()
        guard var started = Completion.begin(text: input.text, cursor: input.cursor, words: words) else { return true }
        if !forward { started.step(forward: false) }
        started.apply(to: &input)
        completion = started
        return true
    }

    /// What the chat and the session know by name now. The members' index is the chat model's,
    /// built when they change; only the few recent speakers and the channels are gathered here.
    func completionWords() async -> CompletionWords {
        var speakers: [String] = []
        // A join or rename line is no one's words: its member ranks by name, not as a speaker.
        for line in (model?.messages.value ?? []).reversed() where !line.isMine && !line.message.content.isRoomChange {
            guard let name = NameIndex.completable(line.message.senderNickname) else { continue }
            if !speakers.contains(name) { speakers.append(name) }
            if speakers.count == 200 { break }
        }
        let partners = (community.conversations.rows.value ?? []).map(\.other.nickname)
        let channels = (community.channels.rows.value ?? []).map(\.channel.name)
        let members = await model?.completionNames.names(in: model?.channelID, partners: partners) ?? NameIndex(partners)
        return CompletionWords(speakers: speakers, members: members, channels: NameIndex(channels))
    }
}
