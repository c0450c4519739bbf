import ChatCore
import ViewModels

/// A thread's view inside the chat page: → in selection mode opens the picked message's thread
/// (root first, then its replies, live, older ones read back as its top shows). Its keys and
/// slash commands are the chat's: Enter replies in the thread (`/me` acts in it), Esc ↑ picks a
/// line of it to act on, and Esc while reading goes back to the chat.
extension ChatController {
    /// Opens the picked message's thread with the keys in its input.
    func openThread() async {
        guard let opened = model?.openThread() else {
            if let alert = model?.alert { modal.alert = alert }
            model?.dismissAlert()
            return
        }
        model?.select(nil)
        cancelComposing()
        thread = opened
        chatScroll = scroll
        scroll = .newest
        pagingRequested = false
        focus = .input
        input.setText("")
        await opened.load()
    }

    /// Back to the chat, in selection mode where the thread was opened.
    func closeThread() {
        cancelComposing()
        thread?.close()
        thread = nil
        scroll = chatScroll ?? .newest
        chatScroll = nil
        pagingRequested = false
        input.setText("")
        focus = .reading
    }

    /// The thread's title: its root's first line.
    func threadTitle(_ thread: ThreadModel) -> String {
        let root = thread.lines.value?.first.map { ReplySummary.firstLine(of: $0.message.content.summary) } ?? ""
        return strings.threadTitle(root)
    }
}
