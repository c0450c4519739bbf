import ChatCore
import ViewModels

extension TerminalApp {
    /// One key: overlays first (an alert, the help, the command line), then the screen shown.
    func handle(_ key: Key) async {
        if KeyMap.intent(for: key, in: .typing) == .quit { return quit() }
        notice = nil
        if alert != nil { alert = nil; return }
        if let chat, chat.alert != nil { chat.dismissAlert(); return }
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

    // MARK: The community

    private func handleCommunity(_ community: Community, _ key: Key) async {
        if isSearchingDirect, case .conversations(let model) = community.navigator.top {
            return await handleDirectSearch(model, key)
        }
        let context: KeyContext = focus == .input && chat != nil ? .typing : .browsing
        guard let intent = KeyMap.intent(for: key, in: context) else {
            // Typing while reading a chat starts the message.
            if chat != nil, focus == .messages, case .character = key {
                focus = .input
                _ = input.handle(key)
            }
            return
        }
        switch intent {
        case .quit: quit()
        case .help: showsHelp = true
        case .command: commandLine = LineEditor(text: "/")
        case .quickSwitcher:
            switcherQuery = LineEditor()
            selections["switcher"] = 0
            await community.showQuickSwitcher()
        case .selectTab(let tab): await community.navigator.select(tab)
        case .pageUp: chatScroll = min(chatScroll + pageSize, lastChatReport.maxScroll)
        case .pageDown: chatScroll = max(chatScroll - pageSize, 0)
        case .nextPane: if !focusDirectSearch(community) { cycleFocus(forward: true) }
        case .previousPane: if !focusDirectSearch(community) { cycleFocus(forward: false) }
        case .leave: await leave(community)
        case .up: move(community, by: -1)
        case .down: move(community, by: 1)
        case .open: await open(community)
        case .focusInput: if chat != nil { focus = .input } else { _ = focusDirectSearch(community) }
        case .logIn: await session.presentLogIn()
        case .openImage: await openImage()
        case .saveImage: await saveImage()
        case .toggle: break
        case .submit: await submitInput(community)
        case .edit(let key): _ = input.handle(key)
        case .report: promptReport()
        case .block: await blockSelectedSender()
        case .retryUnsent: _ = await chat?.retryUnsent()
        case .discardUnsent: _ = await chat?.discardUnsent()
        }
    }

    private var pageSize: Int { max(lastSize.height - 6, 1) }

    /// True when the channel list is drawn beside the main pane.
    var isSplit: Bool {
        guard let community else { return false }
        return lastSize.width >= AppLayout.wideWidth && community.navigator.selectedTab == .channels
    }

    private func cycleFocus(forward: Bool) {
        guard chat != nil else { return focus = .list }
        let order: [Focus] = isSplit ? [.list, .input, .messages] : [.input, .messages]
        let index = order.firstIndex(of: focus) ?? 0
        focus = order[(index + (forward ? 1 : order.count - 1)) % order.count]
    }

    /// Esc: leave the input; from the messages (or the list beside them), leave the chat.
    private func leave(_ community: Community) async {
        guard chat != nil else { return }
        if focus == .input {
            focus = .messages
        } else {
            await community.navigator.pop()
        }
    }

    /// `i` or Tab on the Direct tab of a member: keys go to its search field. False elsewhere.
    private func focusDirectSearch(_ community: Community) -> Bool {
        guard chat == nil, case .conversations(let model) = community.navigator.top, model.viewer != .guest else { return false }
        focus = .search
        return true
    }

    /// Keys in the Direct tab's search field: typing filters the conversations, Enter looks for
    /// members to start one with (and moves to the list), Esc or Tab goes back to the list.
    private func handleDirectSearch(_ model: ConversationsModel, _ key: Key) async {
        switch KeyMap.intent(for: key, in: .typing) {
        case .quit: quit()
        case .edit(let key):
            _ = directQuery.handle(key)
            model.filter(directQuery.text)
            selections["direct"] = 0
        case .submit:
            await model.search(directQuery.text)
            focus = .list
            selections["direct"] = model.newContacts.isEmpty ? 0 : model.shownRows.count
        case .leave, .nextPane, .previousPane:
            focus = .list
        case .quickSwitcher:
            focus = .list
            await handle(key)
        default:
            break
        }
    }

    /// The list that up/down/Enter act on now, with its selection key.
    private enum ActiveList {
        case channels([ChannelRow]), discover([DiscoverRow]), direct([ConversationRow], members: [UserProfile])
    }

    private func activeList(_ community: Community) -> ActiveList? {
        switch community.navigator.top {
        case .channels: return .channels(community.channels.rows.value ?? [])
        case .chat where focus == .list && isSplit: return .channels(community.channels.rows.value ?? [])
        case .discover(let model): return .discover(model.rows.value ?? [])
        case .conversations(let model): return .direct(model.shownRows, members: model.newContacts)
        default: return nil
        }
    }

    private func move(_ community: Community, by step: Int) {
        if let chat, focus == .messages {
            // Up and down pick a message (for /report and /block); the pane keeps it in view.
            if step < 0 { chat.selectOlder() } else { chat.selectNewer() }
            return
        }
        switch activeList(community) {
        case .channels(let rows): moveSelection("channels", by: step, count: rows.count)
        case .discover(let rows): moveSelection("discover", by: step, count: rows.count)
        case .direct(let rows, let members): moveSelection("direct", by: step, count: rows.count + members.count)
        case nil: break
        }
    }

    private func open(_ community: Community) async {
        if chat != nil, focus == .messages { return focus = .input }
        switch activeList(community) {
        case .channels(let rows) where !rows.isEmpty:
            let row = rows[selection("channels", count: rows.count)]
            if chat != nil { await community.navigator.pop() }
            report(await community.channels.open(row))
        case .discover(let rows) where !rows.isEmpty:
            report(await (community.discover.open(rows[selection("discover", count: rows.count)])))
        case .direct(let rows, let members) where !(rows.isEmpty && members.isEmpty):
            let index = selection("direct", count: rows.count + members.count)
            if index < rows.count {
                report(await community.conversations.open(rows[index]))
            } else {
                report(await community.conversations.start(with: members[index - rows.count]))
                // The search did its job: back on the tab, every conversation shows again.
                directQuery = LineEditor()
                community.conversations.filter("")
            }
        default:
            break
        }
    }

    /// A refusal is already on the status line (and the gate asks for a nickname); a failure
    /// (no such channel or member) is an alert.
    func report(_ outcome: GateOutcome) {
        if case .failed(let message) = outcome { alert = message }
    }

    /// Enter in the chat's input: a slash command, or a message. A guest (or anyone refused
    /// here) gets the alert and nothing is sent.
    private func submitInput(_ community: Community) async {
        let line = input.text
        if CommandRegistry.isCommand(line) {
            input.commit()
            return await run(line)
        }
        guard let chat else { return }
        if line.allSatisfy(\.isWhitespace) {
            if case .disabled(let reason) = chat.inputBar {
                alert = chat.viewer == .guest ? strings.shared.guestCannotSend : reason
            }
            return
        }
        if await chat.send(line) {
            input.commit()
            chatScroll = 0
        }
    }

    // MARK: The command line (`/` outside the input)

    private func handleCommandLine(_ key: Key) async {
        guard var line = commandLine else { return }
        switch KeyMap.intent(for: key, in: .typing) {
        case .submit:
            commandLine = nil
            await run(line.text)
        case .leave:
            commandLine = nil
        case .edit(let key):
            _ = line.handle(key)
            commandLine = line.isEmpty ? nil : line
        default:
            break
        }
    }
}
