import ChatCore

/// Typing notices in a chat: the viewer's go out as the input changes (members who may post
/// only), others' are shown while the chat is.
extension ChatModel {
    /// The front end's input line now holds `text` (a key, a send, a clear, a draft restored).
    public func inputChanged(_ text: String) {
        guard permission == .allowed, let channelID else { return }
        typing.input(text, in: channelID)
    }

    /// Leaving or closing the chat: the viewer stops typing here, and who else types is unknown
    /// until it is shown again.
    func leftTyping() {
        typing.stop()
        typists = .nobody
    }

    func othersTyping(_ typists: Typists) {
        guard typists != self.typists else { return }
        self.typists = typists
        changes.publish()
    }
}
