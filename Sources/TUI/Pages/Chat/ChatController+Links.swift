import ChatCore
import ViewModels

/// Links in a chat: `/open N` and `o` on a picked message that has one open it with the
/// desktop's opener — only what `LinkOpener` accepts (http and https), never through a shell.
extension ChatController {
    /// Opens `link` and says so in the status line; a refusal is an alert. True when it opened.
    func open(link: String) -> Bool {
        switch LinkOpener.open(link, with: files.opener) {
        case .success:
            session.show(notice: strings.openedLink(link))
            return true
        case .failure(let refusal):
            modal.alert = strings.describe(refusal)
            return false
        }
    }

    /// `o` on a picked message without an attachment: its first link, opened. False (nothing
    /// done) when no message is picked, it carries an attachment, or it has no link.
    func openPickedLink() -> Bool {
        guard let message = shownList?.selectedLine?.message, ChosenAttachment.of(message.content) == nil,
              let link = LinkOpener.links(of: message).first else { return false }
        _ = open(link: link)
        return true
    }
}
