import ChatCore
import ViewModels

/// A thread's view inside the chat page: → in selection mode opens the picked message's thread
/// (root first, then its replies, live), Enter replies in it, Esc goes back to the chat.
extension ChatController {
    /// Opens the picked message's thread with the keys in its input.
    func openThread() async {
        guard let opened = model?.openThread() else {
            if let alert = model?.alert { modal.alert = alert }
            model?.dismissAlert()
            return
        }
        model?.select(nil)
        thread = opened
        focus = .input
        input.setText("")
        await opened.load()
    }

    /// The keys while a thread is open; false for those the router takes.
    func handleThread(_ intent: Intent, _ thread: ThreadModel) async -> Bool {
        switch intent {
        case .submit:
            let line = input.text
            guard !line.allSatisfy(\.isWhitespace) else { return true }
            if await thread.reply(line) {
                input.commit()
            } else if let alert = thread.alert {
                modal.alert = alert
                thread.dismissAlert()
            }
        case .edit(let key):
            _ = input.handle(key)
        case .editLast:
            _ = input.handle(.up)
        case .leave:
            closeThread()
        default:
            return false
        }
        return true
    }

    /// Back to the chat, in selection mode where the thread was opened.
    func closeThread() {
        thread?.close()
        thread = nil
        input.setText("")
        focus = .reading
    }

    /// The thread's title: its root's first line.
    func threadTitle(_ thread: ThreadModel) -> String {
        let root = thread.lines.value?.first.map { ReplySummary.firstLine(of: $0.message.content.summary) } ?? ""
        return strings.threadTitle(root)
    }
}
