import ChatCore
import ViewModels

extension TerminalApp {
    /// One key: the modal layer first (a question, an alert: they take only their own keys and
    /// drop the rest), then the help, the command line, and the screen shown.
    func handle(_ key: Key) async {
        if key == .control("c") { return quit() }
        switch keyContext {
        case .question: return await answerQuestion(key)
        case .alert: return dismissAlert(key)
        default: break
        }
        notice = nil
        if showsHelp { return scrollHelp(key) }
        if commandLine != nil { return await handleCommandLine(key) }
        switch session.phase {
        case .starting: break
        case .welcome: await handleWelcome(key)
        case .logIn(let model): await handleLogIn(model, key) { await self.session.showWelcome() }
        case .signUp(let model): await handleSignUp(model, key)
        case .terms(let model): await handleTerms(model, key) { await self.session.logOut() }
        case .community(let community):
            if let modal = community.navigator.modal {
                await handleModal(modal, in: community, key)
            } else if chat != nil {
                await handleChat(community, key)
            } else {
                await handleCommunity(community, key)
            }
        }
    }

    /// ↑/↓ (and PgUp/PgDn) scroll a help taller than the terminal; any other key closes it.
    private func scrollHelp(_ key: Key) {
        switch KeyMap.intent(for: key, in: .browsing) {
        case .down: helpScroll = min(helpScroll + 1, helpMaxScroll)
        case .up: helpScroll = max(helpScroll - 1, 0)
        case .pageDown: helpScroll = min(helpScroll + 10, helpMaxScroll)
        case .pageUp: helpScroll = max(helpScroll - 10, 0)
        default: showsHelp = false
        }
    }

    func quit() {
        onQuit?()
    }

    // MARK: Lists and panes

    func handleCommunity(_ community: Community, _ key: Key) async {
        if isSearchingDirect, case .conversations(let model) = community.navigator.top {
            return await handleDirectSearch(model, key)
        }
        guard let intent = KeyMap.intent(for: key, in: .browsing) else { return }
        if await handleShared(intent, community) { return }
        switch intent {
        case .quit: askToQuit()
        case .up: move(community, by: -1)
        case .down: move(community, by: 1)
        case .open: await open(community)
        case .focusInput: _ = focusDirectSearch(community)
        case .logIn: await session.presentLogIn()
        default: break
        }
    }

    /// Intents that mean the same on a list and in a chat; true when `intent` was one.
    func handleShared(_ intent: Intent, _ community: Community) async -> Bool {
        switch intent {
        case .help: showsHelp = true
        case .command: commandLine = LineEditor(text: "/")
        case .quickSwitcher:
            ui.switcherQuery = LineEditor()
            ui.selections["switcher"] = 0
            await community.showQuickSwitcher()
        case .selectTab(let tab): await community.navigator.select(tab)
        case .pageUp: if chat != nil { scrollChat(by: pageSize) } else { move(community, by: -pageSize) }
        case .pageDown: if chat != nil { scrollChat(by: -pageSize) } else { move(community, by: pageSize) }
        case .nextPane: if !focusDirectSearch(community) { cycleFocus(forward: true) }
        case .previousPane: if !focusDirectSearch(community) { cycleFocus(forward: false) }
        default: return false
        }
        return true
    }

    private var pageSize: Int { max(lastSize.height - 6, 1) }

    /// True when the channel list is drawn beside the main pane.
    var isSplit: Bool {
        guard let community else { return false }
        return lastSize.width >= AppLayout.wideWidth && community.navigator.selectedTab == .channels
    }

    /// Tab: list (when beside the chat), input, selection mode.
    private func cycleFocus(forward: Bool) {
        guard chat != nil else { return ui.focus = .list }
        let order: [AccountUIState.Focus] = isSplit ? [.list, .input, .selecting] : [.input, .selecting]
        let from = ui.focus == .reading ? .input : ui.focus
        let index = order.firstIndex(of: from) ?? 0
        let next = order[(index + (forward ? 1 : order.count - 1)) % order.count]
        if next == .list, let channel = openChannelIndex { ui.selections["channels"] = channel }
        if next == .selecting { return enterSelectionMode() }
        leaveSelectionMode()
        ui.focus = next
    }

    /// `i` or Tab on the Direct tab of a member: keys go to its search field. False elsewhere.
    private func focusDirectSearch(_ community: Community) -> Bool {
        guard chat == nil, case .conversations(let model) = community.navigator.top, model.viewer != .guest else { return false }
        ui.focus = .search
        return true
    }

    /// Keys in the Direct tab's search field: typing filters the conversations, Enter looks for
    /// members to start one with (and moves to the list), Esc or Tab goes back to the list.
    private func handleDirectSearch(_ model: ConversationsModel, _ key: Key) async {
        switch KeyMap.intent(for: key, in: .typing) {
        case .edit(let key):
            _ = ui.directQuery.handle(key)
            model.filter(ui.directQuery.text)
            ui.selections["direct"] = 0
        case .submit:
            await model.search(ui.directQuery.text)
            ui.focus = .list
            ui.selections["direct"] = model.newContacts.isEmpty ? 0 : model.shownRows.count
        case .leave, .nextPane, .previousPane:
            ui.focus = .list
        case .quickSwitcher:
            ui.focus = .list
            await handle(key)
        default:
            break
        }
    }
}
