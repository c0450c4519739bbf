import ChatCore
import ViewModels

extension TerminalApp {
    /// One key: the modal layer first (a question, an alert: they take only their own keys and
    /// drop the rest), then the help, the command line, and the page shown.
    func handle(_ key: Key) async {
        if key == .control("c") { return quit() }
        if await modal.handle(key, chat: chat) { return }
        session.clearPassingNotice()
        if let help {
            if await !help.handle(KeyMap.intent(for: key, in: help.keyContext) ?? .leave) { self.help = nil }
            return
        }
        if commandLine != nil { return await handleCommandLine(key) }
        if let page = shownPage {
            guard let intent = KeyMap.intent(for: key, in: page.keyContext) else { return }
            if await !page.handle(intent) { await handleShared(intent) }
            return
        }
        guard let community else { return }
        if chat != nil {
            await handleChat(community, key)
        } else {
            await handleCommunity(community, key)
        }
    }

    /// Intents a page has no use for that mean the same on every page.
    private func handleShared(_ intent: Intent) async {
        if let community, await handleShared(intent, community) { return }
        switch intent {
        case .quit: askToQuit()
        case .help: showHelp()
        case .command: openCommandLine()
        case .logIn where community != nil: await session.presentLogIn()
        default: break
        }
    }

    func showHelp() {
        help = HelpController(strings: strings)
    }

    func openCommandLine() {
        commandLine = CommandLine(editor: LineEditor(text: "/"))
    }

    // MARK: Lists and panes

    func handleCommunity(_ community: Community, _ key: Key) async {
        guard let intent = KeyMap.intent(for: key, in: .browsing) else { return }
        if await handleShared(intent, community) { return }
        switch intent {
        case .quit: askToQuit()
        case .up: move(community, by: -1)
        case .down: move(community, by: 1)
        case .open: await open(community)
        case .logIn: await session.presentLogIn()
        default: break
        }
    }

    /// Intents that mean the same on a list and in a chat; true when `intent` was one.
    func handleShared(_ intent: Intent, _ community: Community) async -> Bool {
        switch intent {
        case .help: showHelp()
        case .command: openCommandLine()
        case .quickSwitcher: await community.showQuickSwitcher()
        case .selectTab(let tab): await community.navigator.select(tab)
        case .pageUp: if chat != nil { scrollChat(by: pageSize) } else { move(community, by: -pageSize) }
        case .pageDown: if chat != nil { scrollChat(by: -pageSize) } else { move(community, by: pageSize) }
        case .nextPane: cycleFocus(forward: true)
        case .previousPane: cycleFocus(forward: false)
        case .nextActivity: await openNextActivity(community)
        case .search: await community.showSearch("", in: chat)
        default: return false
        }
        return true
    }

    private var pageSize: Int { max(lastFrame.size.height - 6, 1) }

    /// True when the channel list is drawn beside the main pane.
    var isSplit: Bool {
        guard let community else { return false }
        return lastFrame.size.width >= AppLayout.wideWidth && community.navigator.selectedTab == .channels
    }

    /// Tab: list (when beside the chat), input, selection mode.
    private func cycleFocus(forward: Bool) {
        guard chat != nil else { return ui.focus = .list }
        let order: [AccountUIState.Focus] = isSplit ? [.list, .input, .selecting] : [.input, .selecting]
        let from = ui.focus == .reading ? .input : ui.focus
        let index = order.firstIndex(of: from) ?? 0
        let next = order[(index + (forward ? 1 : order.count - 1)) % order.count]
        if next == .list, let channel = openChannelIndex { ui.channelSelection.select(channel) }
        if next == .selecting { return enterSelectionMode() }
        leaveSelectionMode()
        ui.focus = next
    }
}
