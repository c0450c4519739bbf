import ChatCore
import ViewModels

extension TerminalApp {
    /// Draws the whole frame into `canvas`; returns where the cursor goes (nil hides it).
    /// Drawing changes nothing but the report of what the frame showed, which `afterFrame()`
    /// hands back to the pages.
    public func draw(_ canvas: inout Canvas) -> Point? {
        var reports = FrameReports(size: canvas.size)
        let (body, status) = canvas.bounds.splitBottom(1)
        var cursor: Point?
        switch session.phase {
        case .starting:
            canvas.draw(strings.shared.loading, style: Style(.muted), row: body.height / 2, column: body.centred(strings.shared.loading), in: body)
            drawStatus(on: &canvas, in: status)
        case .community(let community):
            cursor = drawCommunity(community, on: &canvas, reports: &reports)
        default:
            cursor = shownPage?.draw(into: &canvas, in: body).cursor
            drawStatus(on: &canvas, in: status)
        }
        cursor = drawOverlays(on: &canvas, reports: &reports) ?? cursor
        if hasOverlay { reports.inputRegion = nil }
        lastFrame = reports
        return cursor
    }

    /// Something is drawn over the page: the help, a question, an alert or the command line.
    private var hasOverlay: Bool {
        showsHelp || modal.keyContext(chatAlert: chat?.alert) != nil || commandLine != nil
    }

    /// The input bar alone can be redrawn when the last frame drew it with nothing over it.
    public func rects(of areas: Set<ScreenArea>) -> [Rect]? {
        guard areas == [.inputLine], let region = lastFrame.inputRegion, chat != nil else { return nil }
        return [region.frame]
    }

    /// Draws the input bar (the typed text and the cursor) over the last frame.
    public func redraw(_ areas: Set<ScreenArea>, on canvas: inout Canvas) -> Point? {
        guard let chat, let region = lastFrame.inputRegion else { return nil }
        return inputBarPane(chat).draw(on: &canvas, in: region)
    }

    /// Acts on what the last frame showed: a badge still loading asks for its count, rows near
    /// the end of the loaded channels ask for the next page, the top of the history on screen
    /// asks for the page before it, the help learns how far it scrolls.
    public func afterFrame() {
        images?.loadWanted()
        if let help, let report = lastFrame.help { help.afterFrame(report) }
        guard let community else { return }
        keepSidebarLive(community)
        let wanted = lastFrame.list.loadingBadges.filter { !askedBadges.contains($0) }
        if !wanted.isEmpty {
            askedBadges.formUnion(wanted)
            let channels = community.channels
            Task { for id in wanted { await channels.rowWillShow(id) } }
        }
        if let last = lastFrame.list.lastShownIndex { community.channels.rowsShown(through: last) }
        settleUnreadPosition()
        if let chat, lastFrame.chat.showsOldest, case .haveMore = chat.paging, pagingRequested != ObjectIdentifier(chat) {
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

    private func drawCommunity(_ community: Community, on canvas: inout Canvas, reports: inout FrameReports) -> Point? {
        let navigator = community.navigator
        let layout = AppLayout(bounds: canvas.bounds, showsTabBar: !navigator.isTabBarHidden,
                               showsSidebar: navigator.selectedTab == .channels)
        if let bar = layout.tabBar { TabBarPane(selected: navigator.selectedTab, strings: strings, activity: community.activity.hotlist).draw(on: &canvas, in: bar) }
        if let sidebar = layout.sidebar {
            reports.list = channelListPane(community, focused: ui.focus == .list).draw(on: &canvas, in: sidebar)
            if let divider = layout.divider {
                for row in 0..<divider.height { canvas.draw("│", style: Style(.border), row: row, in: divider) }
            }
        }
        var cursor = drawPage(navigator.top, community: community, layout: layout, on: &canvas, reports: &reports)
        drawStatus(on: &canvas, in: layout.status)
        if navigator.modal != nil {
            reports.inputRegion = nil
            cursor = shownPage?.draw(into: &canvas, in: canvas.bounds.splitBottom(1).0).cursor
        }
        return cursor
    }

    private func drawPage(_ page: Page, community: Community, layout: AppLayout, on canvas: inout Canvas, reports: inout FrameReports) -> Point? {
        let region = layout.main
        switch page {
        case .channels:
            if layout.isSplit {
                canvas.clear(region)
                drawChannelPreview(community, on: &canvas, in: region.inset(left: 2, right: 1))
            } else {
                reports.list = channelListPane(community, focused: true).draw(on: &canvas, in: region)
            }
        case .discover:
            return ui.discover?.draw(into: &canvas, in: region).cursor
        case .profile:
            return ui.profile?.draw(into: &canvas, in: region).cursor
        case .conversations:
            return ui.direct?.draw(into: &canvas, in: region).cursor
        case .chat(let model):
            return drawChat(model, on: &canvas, in: region, reports: &reports)
        case .logIn, .terms, .nicknamePrompt, .quickSwitcher, .search:
            break  // modals only
        }
        return nil
    }

    /// Beside the list, before a chat is open: the selected channel's name and topic.
    private func drawChannelPreview(_ community: Community, on canvas: inout Canvas, in region: Region) {
        var row = 1
        if let rows = community.channels.rows.value, !rows.isEmpty {
            let channel = rows[ui.channelSelection.index(count: rows.count)].channel
            canvas.draw("# " + text.line(channel.name), style: Style(.accent, on: nil, .bold), row: row, in: region)
            row += 1
            if !channel.topic.isEmpty {
                row += canvas.drawWrapped(text.line(channel.topic), style: Style(.text), row: row, in: region)
            }
            row += 1
        }
        canvas.drawWrapped(strings.pickChannel, style: Style(.muted), row: row, in: region)
    }

    private func drawChat(_ model: ChatModel, on canvas: inout Canvas, in region: Region, reports: inout FrameReports) -> Point? {
        let (transcriptArea, inputArea) = region.splitBottom(2)
        var pane = ChatPane(title: model.title, messages: model.messages, paging: model.paging, scroll: 0,
                            focused: ui.focus == .selecting, transcript: transcript)
        if case .person = model.subject { pane.isDirect = true }
        pane.position = ui.chatScroll
        pane.transcript.selected = model.selection
        pane.transcript.firstUnread = model.firstUnread
        reports.chat = pane.draw(on: &canvas, in: transcriptArea)
        reports.inputRegion = inputArea
        return inputBarPane(model).draw(on: &canvas, in: inputArea)
    }

    private func inputBarPane(_ model: ChatModel) -> InputBarPane {
        InputBarPane(state: model.inputBar, editor: ui.input, focused: ui.focus == .input, text: text)
    }

    private func drawOverlays(on canvas: inout Canvas, reports: inout FrameReports) -> Point? {
        let body = canvas.bounds.splitBottom(1).0
        if let help { reports.help = help.draw(into: &canvas, in: body) }
        if modal.draw(into: &canvas, in: body, chatAlert: chat?.alert, strings: strings, text: text) { return nil }
        guard let commandLine else { return nil }
        let status = canvas.bounds.splitBottom(1).1
        if let prompt = commandLine.prompt, body.height > 0 {
            let above = body.splitBottom(1).1
            canvas.clear(above, style: Style(.text, on: .surface))
            canvas.draw(text.line(prompt), style: Style(.accent, on: .surface, .bold), row: 0, in: above)
        }
        canvas.clear(status, style: Style(.text, on: .surface))
        let view = commandLine.editor.view(width: max(status.width - 1, 2))
        return canvas.draw(view, style: Style(.text, on: .surface, .bold), in: status)
    }

    // MARK: Panes from models

    var transcript: ChatTranscript { ChatTranscript(strings: strings, text: text, cache: transcriptCache, previews: images) }

    func channelListPane(_ community: Community, focused: Bool) -> ChannelListPane {
        let model = community.channels
        return ChannelListPane(rows: model.rows, selected: channelListSelection(count: model.rows.value?.count ?? 0),
                               focused: focused, banner: model.banner, strings: strings, text: text)
    }
}
