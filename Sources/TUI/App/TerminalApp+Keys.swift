import ChatCore
import ViewModels

/// Routing a key: the modal layer first (a question, an alert: they take only their own keys and
/// drop the rest), then the help, the command line, and the page shown; what the page has no use
/// for means the same on every page.
extension TerminalApp {
    func handle(_ key: Key) async {
        if key == .control("c") { return quit() }
        if await modal.handle(key, chat: chatAlerts) { return askAboutVerificationRequest() }
        session.clearPassingNotice()
        if case .mouse(let event) = key { return await handleMouse(event) }
        if let help {
            if await !help.handle(KeyMap.intent(for: key, in: help.keyContext) ?? .leave) { self.help = nil }
            return
        }
        if commandLine != nil { return await handleCommandLine(key) }
        guard let page = shownPage else { return }
        let context = page.keyContext
        guard let intent = KeyMap.intent(for: key, in: context) else { return }
        // Beside a chat, the list takes its moves and Enter; text still goes to the chat's input.
        if context == .sidebar, let list = ui.channels, await list.handle(intent) { return }
        if await page.handle(intent) {
            if let chat = page as? ChatController { keyDamage = chat.damage }
            return
        }
        await handleShared(intent)
    }

    /// Intents a page has no use for that mean the same on every page.
    private func handleShared(_ intent: Intent) async {
        switch intent {
        case .quit: askToQuit()
        case .help: showHelp()
        case .command: openCommandLine(CommandLine(editor: LineEditor(text: "/")))
        case .logIn where community != nil: await session.presentLogIn()
        case .quickSwitcher: await community?.showQuickSwitcher()
        case .selectTab(let tab): await community?.navigator.select(tab)
        case .pageUp: page(by: -1)
        case .pageDown: page(by: 1)
        case .nextPane: cycleFocus(forward: true)
        case .previousPane: cycleFocus(forward: false)
        case .leave where openChat != nil: await community?.navigator.pop()
        case .nextActivity: if let community { await openNextActivity(community) }
        case .search: await community?.showSearch("", in: chat)
        case .toggleMembers: toggleMembers()
        default: break
        }
    }

    /// Alt-N: the member list beside the open chat; it stays on for the next chat opened.
    func toggleMembers() {
        guard let openChat else { return session.show(notice: strings.shared.openChatForMembers) }
        openChat.showsMembers.toggle()
    }

    /// PgUp/PgDn: the open chat scrolls (up is back in time); a list moves its highlight.
    private func page(by direction: Int) {
        let rows = max(lastFrame.size.height - 6, 1)
        if let openChat { return openChat.scroll(by: -direction * rows) }
        (shownPage as? ListPageController)?.move(by: direction * rows)
    }

    /// `q`: quitting by a stray key would lose the typed text and the place.
    func askToQuit() {
        modal.ask(strings.askQuit, confirm: strings.quitChoice, strings: strings) { [weak self] in self?.quit() }
    }

    /// True when the channel list is drawn beside the main pane.
    var isSplit: Bool {
        guard let community else { return false }
        return lastFrame.size.width >= AppLayout.wideWidth && community.navigator.selectedTab == .channels
    }

    /// Tab: list (when beside the chat), input, selection mode.
    private func cycleFocus(forward: Bool) {
        guard let chat = openChat else { return }
        let order: [ChatController.Focus] = isSplit ? [.list, .input, .selecting] : [.input, .selecting]
        let from = chat.focus == .reading ? .input : chat.focus
        let index = order.firstIndex(of: from) ?? 0
        let next = order[(index + (forward ? 1 : order.count - 1)) % order.count]
        if next == .list { ui.channels?.highlight(openChannelID) }
        if next == .selecting { return chat.enterSelectionMode() }
        chat.leaveSelectionMode()
        chat.focus = next
    }

    /// The channel of the open chat, if it is one.
    var openChannelID: ChannelID? {
        guard let chat, case .channel(let channel) = chat.subject else { return nil }
        return channel.id
    }

    // MARK: The command line (`/` outside the input)

    private func handleCommandLine(_ key: Key) async {
        guard var line = commandLine else { return }
        switch line.handle(key) {
        case .submitted(let text):
            commandLine = nil
            // A command that failed comes back to be corrected, unless a screen came up for it
            // (the nickname prompt a refused /join asks with), which has the keys now.
            if await !commands.run(text), community?.navigator.modal == nil { commandLine = line }
        case .closed:
            commandLine = nil
        case .editing:
            commandLine = line
        }
    }
}

/// What the pages ask of the router.
extension TerminalApp: ChatPageHost, CommandHost {
    func run(_ line: String) async -> Bool {
        await commands.run(line)
    }

    func openCommandLine(_ line: CommandLine) {
        commandLine = line
    }

    func showHelp() {
        help = HelpController(strings: strings)
    }

    func quit() {
        onQuit?()
    }

    func useTheme(_ theme: Theme) {
        onThemeChange?(theme)
    }
}
