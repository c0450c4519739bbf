import ChatCore
import ViewModels

/// Keys in an open chat. Four states (`AccountUIState.Focus`): the input (typing); reading,
/// after Esc, where a printable key still types into the input and ↑ enters selection mode;
/// selection mode, where ↑/↓ pick a message and a letter asks before acting on it; and the list
/// beside the chat, whose ↑/↓/Enter pick a channel while text still goes to the input.
extension TerminalApp {
    func handleChat(_ community: Community, _ key: Key) async {
        let context = keyContext
        guard let intent = KeyMap.intent(for: key, in: context) else { return }
        if await handleShared(intent, community) { return }
        switch (intent, context) {
        case (.submit, _): await submitInput(community)
        case (.edit(.end), .typing) where ui.input.cursor == ui.input.text.count:
            // End with nothing after the cursor to move over: the newest message.
            scrollToNewest()
        case (.edit(.home), .typing) where ui.input.text.isEmpty: scrollToOldest()
        case (.edit(let key), .typing):
            _ = ui.input.handle(key)
            keyDamage = .areas([.inputLine])
        case (.up, .sidebar): move(community, by: -1)
        case (.down, .sidebar): move(community, by: 1)
        case (.open, .sidebar): await open(community)
        case (.edit(let key), _):
            // Text typed after Esc goes into the input, as in any chat client.
            ui.focus = .input
            _ = ui.input.handle(key)
        case (.leave, .typing): ui.focus = .reading
        case (.leave, .selecting): leaveSelectionMode()
        case (.leave, _): await community.navigator.pop()
        case (.focusInput, _): ui.focus = .input
        case (.selectMessages, _): enterSelectionMode()
        case (.newest, _): scrollToNewest()
        case (.oldest, _): scrollToOldest()
        case (.up, _): chat?.selectOlder()
        case (.down, _): chat?.selectNewer()
        case (.report, _): promptReport()
        case (.block, _): askToBlockSelectedSender()
        case (.openImage, _): await askToOpenImage()
        case (.saveImage, _): await askToSaveImage()
        case (.retryUnsent, _): askAboutUnsent(retry: true)
        case (.discardUnsent, _): askAboutUnsent(retry: false)
        default: break
        }
    }

    /// Selection mode starts on the newest message.
    func enterSelectionMode() {
        guard let chat else { return }
        ui.focus = .selecting
        if chat.selectedLine == nil { chat.selectOlder() }
    }

    /// Back to the input; nothing stays picked.
    func leaveSelectionMode() {
        guard ui.focus == .selecting else { return }
        chat?.select(nil)
        ui.focus = .input
    }

    /// Enter in the chat's input: a slash command, or a message (`//text` sends `/text`). A
    /// guest (or anyone refused here) gets the alert and nothing is sent. A command that fails
    /// keeps its line in the input, to be corrected.
    private func submitInput(_ community: Community) async {
        let line = ui.input.text
        if CommandRegistry.isCommand(line) {
            if await run(line) { ui.input.commit() }
            return
        }
        guard let chat else { return }
        if line.allSatisfy(\.isWhitespace) {
            if let refusal = chat.postingRefusal { alert = refusal }
            return
        }
        if await chat.send(CommandRegistry.messageText(line)) {
            ui.input.commit()
            ui.chatScroll = .newest
        }
    }

    // MARK: The command line (`/` outside the input)

    func handleCommandLine(_ key: Key) async {
        guard var line = commandLine else { return }
        switch KeyMap.intent(for: key, in: .typing) {
        case .submit:
            commandLine = nil
            // A command that failed comes back to be corrected, unless a screen came up for it
            // (the nickname prompt a refused /join asks with), which has the keys now.
            if await !run(line.editor.text), community?.navigator.modal == nil { commandLine = line }
        case .leave:
            commandLine = nil
        case .edit(let key):
            _ = line.editor.handle(key)
            commandLine = line.editor.isEmpty ? nil : line
        default:
            break
        }
    }
}
