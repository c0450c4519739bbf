import ChatCore
import ViewModels

extension TerminalApp {
    /// Draws the whole frame into `canvas`; returns where the cursor goes (nil hides it).
    /// Drawing changes nothing: what panes report is acted on by `afterFrame()`.
    public func draw(_ canvas: inout Canvas) -> Point? {
        syncChat()
        lastSize = canvas.size
        lastInputRegion = nil
        let bounds = canvas.bounds
        var cursor: Point?
        switch session.phase {
        case .starting:
            let (body, status) = bounds.splitBottom(1)
            canvas.draw(strings.shared.loading, style: Style(.muted), row: body.height / 2, column: body.centred(strings.shared.loading), in: body)
            drawStatus(on: &canvas, in: status)
        case .welcome:
            let (body, status) = bounds.splitBottom(1)
            WelcomePane(selected: selection("welcome", count: 3), notice: session.notice, strings: strings, text: text).draw(on: &canvas, in: body)
            drawStatus(on: &canvas, in: status)
        case .logIn(let model):
            let (body, status) = bounds.splitBottom(1)
            cursor = logInPane(model).draw(on: &canvas, in: body)
            drawStatus(on: &canvas, in: status)
        case .signUp(let model):
            let (body, status) = bounds.splitBottom(1)
            cursor = signUpPane(model).draw(on: &canvas, in: body)
            drawStatus(on: &canvas, in: status)
        case .terms(let model):
            let (body, status) = bounds.splitBottom(1)
            termsPane(model).draw(on: &canvas, in: body)
            drawStatus(on: &canvas, in: status)
        case .community(let community):
            cursor = drawCommunity(community, on: &canvas)
        }
        let overlaid = drawOverlays(on: &canvas)
        if hasOverlay { lastInputRegion = nil }
        return overlaid ?? cursor
    }

    /// Something is drawn over the page: the help, a question, an alert or the command line.
    private var hasOverlay: Bool {
        showsHelp || question != nil || alert != nil || chat?.alert != nil || commandLine != nil
    }

    /// The input bar alone can be redrawn when the last frame drew it with nothing over it.
    public func rects(of areas: Set<ScreenArea>) -> [Rect]? {
        guard areas == [.inputLine], let region = lastInputRegion, chat != nil else { return nil }
        return [region.frame]
    }

    /// Draws the input bar (the typed text and the cursor) over the last frame.
    public func redraw(_ areas: Set<ScreenArea>, on canvas: inout Canvas) -> Point? {
        guard let chat, let region = lastInputRegion else { return nil }
        return inputBarPane(chat).draw(on: &canvas, in: region)
    }

    /// Acts on what the last frame showed: a badge still loading asks for its count, rows near
    /// the end of the loaded channels ask for the next page, the top of the history on screen
    /// asks for the page before it.
    public func afterFrame() {
        images?.loadWanted()
        guard let community else { return }
        keepSidebarLive(community)
        let wanted = lastListReport.loadingBadges.filter { !askedBadges.contains($0) }
        if !wanted.isEmpty {
            askedBadges.formUnion(wanted)
            let channels = community.channels
            Task { for id in wanted { await channels.rowWillShow(id) } }
        }
        if let last = lastListReport.lastShownIndex { community.channels.rowsShown(through: last) }
        settleUnreadPosition()
        if let chat, lastChatReport.showsOldest, case .haveMore = chat.paging, pagingRequested != ObjectIdentifier(chat) {
            pagingRequested = ObjectIdentifier(chat)
            Task { @MainActor [weak self] in
                await chat.topBecameVisible()
                self?.pagingRequested = nil
                self?.markDirty()
            }
        }
    }

    /// The list beside an open chat is on screen, so its badges must stay live.
    private func keepSidebarLive(_ community: Community) {
        let wanted = isSplit && chat != nil
        guard wanted != sidebarLive else { return }
        sidebarLive = wanted
        if wanted {
            community.channels.setShownBesideChat(true)
        } else if case .channels = community.navigator.top {
            // The list is shown on its own again: its own subscription stays.
        } else {
            community.channels.setShownBesideChat(false)
        }
    }

    private func drawCommunity(_ community: Community, on canvas: inout Canvas) -> Point? {
        let navigator = community.navigator
        let layout = AppLayout(bounds: canvas.bounds, showsTabBar: !navigator.isTabBarHidden,
                               showsSidebar: navigator.selectedTab == .channels)
        if let bar = layout.tabBar { TabBarPane(selected: navigator.selectedTab, strings: strings).draw(on: &canvas, in: bar) }
        lastListReport = ChannelListPane.Report()
        lastChatReport = ChatPane.Report()
        if let sidebar = layout.sidebar {
            lastListReport = channelListPane(community, focused: ui.focus == .list).draw(on: &canvas, in: sidebar)
            if let divider = layout.divider {
                for row in 0..<divider.height { canvas.draw("│", style: Style(.border), row: row, in: divider) }
            }
        }
        var cursor = drawPage(navigator.top, community: community, layout: layout, on: &canvas)
        drawStatus(on: &canvas, in: layout.status)
        if let modal = navigator.modal {
            lastInputRegion = nil
            cursor = drawModal(modal, on: &canvas, in: canvas.bounds.splitBottom(1).0)
        }
        return cursor
    }

    private func drawPage(_ page: Page, community: Community, layout: AppLayout, on canvas: inout Canvas) -> Point? {
        let region = layout.main
        switch page {
        case .channels:
            if layout.isSplit {
                canvas.clear(region)
                drawChannelPreview(community, on: &canvas, in: region.inset(left: 2, right: 1))
            } else {
                lastListReport = channelListPane(community, focused: true).draw(on: &canvas, in: region)
            }
        case .discover(let model):
            DiscoverPane(rows: model.rows, selected: selection("discover", count: model.rows.value?.count ?? 0), strings: strings, text: text)
                .draw(on: &canvas, in: region)
        case .conversations(let model):
            return conversationsPane(model).draw(on: &canvas, in: region)
        case .profile(let model):
            var pane = ProfilePane(model: model, strings: strings, text: text)
            pane.selected = selection("profile", count: model.myMessages.value?.count ?? 0)
            pane.draw(on: &canvas, in: region)
        case .chat(let model):
            return drawChat(model, on: &canvas, in: region)
        case .logIn, .terms, .nicknamePrompt, .quickSwitcher:
            break  // modals only
        }
        return nil
    }

    /// Beside the list, before a chat is open: the selected channel's name and topic.
    private func drawChannelPreview(_ community: Community, on canvas: inout Canvas, in region: Region) {
        var row = 1
        if let rows = community.channels.rows.value, !rows.isEmpty {
            let channel = rows[selection("channels", count: rows.count)].channel
            canvas.draw("# " + text.line(channel.name), style: Style(.accent, on: nil, .bold), row: row, in: region)
            row += 1
            if !channel.topic.isEmpty {
                row += canvas.drawWrapped(text.line(channel.topic), style: Style(.text), row: row, in: region)
            }
            row += 1
        }
        canvas.drawWrapped(strings.pickChannel, style: Style(.muted), row: row, in: region)
    }

    private func drawChat(_ model: ChatModel, on canvas: inout Canvas, in region: Region) -> Point? {
        let (transcriptArea, inputArea) = region.splitBottom(2)
        var pane = ChatPane(title: model.title, messages: model.messages, paging: model.paging, scroll: 0,
                            focused: ui.focus == .selecting, transcript: transcript)
        if case .person = model.subject { pane.isDirect = true }
        pane.position = ui.chatScroll
        pane.transcript.selected = model.selection
        pane.transcript.firstUnread = model.firstUnread
        lastChatReport = pane.draw(on: &canvas, in: transcriptArea)
        lastInputRegion = inputArea
        return inputBarPane(model).draw(on: &canvas, in: inputArea)
    }

    private func inputBarPane(_ model: ChatModel) -> InputBarPane {
        InputBarPane(state: model.inputBar, editor: ui.input, focused: ui.focus == .input, text: text)
    }

    private func drawModal(_ page: Page, on canvas: inout Canvas, in region: Region) -> Point? {
        switch page {
        case .logIn(let model): return logInPane(model).draw(on: &canvas, in: region)
        case .terms(let model): termsPane(model).draw(on: &canvas, in: region)
        case .nicknamePrompt(let model):
            let fields = [FormPane.Field(label: strings.shared.nickname, editor: fieldEditor(model, 0, of: 1))]
            return FormPane(title: model.title, message: strings.shared.setNicknameFirst, fields: fields, focused: 0,
                            error: model.error, hint: strings.nicknameHint, text: text).draw(on: &canvas, in: region)
        case .quickSwitcher(let model):
            return QuickSwitcherPane(query: ui.switcherQuery, matches: model.matches, selected: selection("switcher", count: model.matches.value?.count ?? 0),
                                     strings: strings, text: text).draw(on: &canvas, in: region)
        default: break
        }
        return nil
    }

    private func drawOverlays(on canvas: inout Canvas) -> Point? {
        let body = canvas.bounds.splitBottom(1).0
        if showsHelp { helpMaxScroll = HelpOverlayPane(strings: strings, scroll: helpScroll).draw(on: &canvas, in: body) }
        if let question {
            QuestionPane(question: question.text, choices: question.choices, highlighted: question.highlighted, text: text)
                .draw(on: &canvas, in: body)
            return nil
        }
        if let message = alert ?? chat?.alert {
            AlertPane(message: message, strings: strings, text: text).draw(on: &canvas, in: body)
            return nil
        }
        guard let commandLine else { return nil }
        let status = canvas.bounds.splitBottom(1).1
        if let commandPrompt, body.height > 0 {
            let above = body.splitBottom(1).1
            canvas.clear(above, style: Style(.text, on: .surface))
            canvas.draw(text.line(commandPrompt), style: Style(.accent, on: .surface, .bold), row: 0, in: above)
        }
        canvas.clear(status, style: Style(.text, on: .surface))
        let view = commandLine.view(width: max(status.width - 1, 2))
        return canvas.draw(view, style: Style(.text, on: .surface, .bold), in: status)
    }

    // MARK: Panes from models

    var transcript: ChatTranscript { ChatTranscript(strings: strings, text: text, cache: transcriptCache, previews: images) }

    /// The Direct tab as the model has it: the conversations filtered by the search field, and
    /// the members a search found.
    func conversationsPane(_ model: ConversationsModel) -> ConversationsPane {
        let count = model.shownRows.count + model.newContacts.count
        let rows: Loadable<[ConversationRow]> = model.rows.value == nil ? model.rows : .loaded(model.shownRows)
        var pane = ConversationsPane(rows: rows, placeholder: model.placeholder,
                                     selected: selection("direct", count: count), strings: strings, text: text, transcript: transcript)
        pane.searchable = model.viewer != .guest
        pane.query = ui.directQuery
        pane.searchFocused = ui.focus == .search
        pane.found = model.found
        return pane
    }

    func channelListPane(_ community: Community, focused: Bool) -> ChannelListPane {
        let model = community.channels
        return ChannelListPane(rows: model.rows, selected: channelListSelection(count: model.rows.value?.count ?? 0),
                               focused: focused, banner: model.banner, strings: strings, text: text)
    }

    func logInPane(_ model: LogInFormModel) -> FormPane {
        let shared = strings.shared
        let fields = [identifierField(model.naming, editor: fieldEditor(model, 0, of: 2)),
                      FormPane.Field(label: shared.password, editor: fieldEditor(model, 1, of: 2), masked: true)]
        return FormPane(title: shared.logIn, fields: fields, focused: formFocus(model), error: model.error, hint: strings.formHint, text: text)
    }

    func signUpPane(_ model: SignUpFormModel) -> FormPane {
        let shared = strings.shared
        let labels = [shared.password, shared.nicknameOptional, shared.regionOptional]
        let fields = [identifierField(model.naming, editor: fieldEditor(model, 0, of: 4))] + labels.enumerated().map { index, label in
            FormPane.Field(label: label, editor: fieldEditor(model, index + 1, of: 4), masked: index == 0)
        }
        return FormPane(title: shared.signUp, fields: fields, focused: formFocus(model), error: model.error, hint: strings.formHint, text: text)
    }

    /// The account's first field: "Email", or on Matrix "Username" with the forms it takes.
    private func identifierField(_ naming: AccountNaming, editor: LineEditor) -> FormPane.Field {
        let shared = strings.shared
        return FormPane.Field(label: shared.identifier(naming), editor: editor, note: naming == .userName ? shared.userNameHint : nil)
    }

    func termsPane(_ model: TermsModel) -> TermsPane {
        TermsPane(title: model.title, rules: model.rules, checkboxLabel: strings.shared.termsCheckbox, joinLabel: strings.shared.join,
                  isAgreed: model.isAgreed, focused: isJoinFocused(model) ? 1 : 0, message: model.message, strings: strings, text: text)
    }

    private func fieldEditor(_ model: AnyObject, _ index: Int, of count: Int) -> LineEditor {
        guard let form, form.owner == ObjectIdentifier(model), index < form.editors.count else { return LineEditor() }
        return form.editors[index]
    }

    private func formFocus(_ model: AnyObject) -> Int {
        guard let form, form.owner == ObjectIdentifier(model) else { return 0 }
        return form.focused
    }
}
