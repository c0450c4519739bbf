import ChatCore
import ViewModels

/// Drawing: the frame is laid out here and each page draws its part. Drawing changes nothing but
/// the reports of what the frame showed, which `afterFrame()` hands back to the pages.
extension TerminalApp {
    /// Draws the whole frame into `canvas`; returns where the cursor goes (nil hides it).
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
        if let help { reports.help = help.draw(into: &canvas, in: body) }
        if !modal.draw(into: &canvas, in: body, chatAlert: chatAlerts?.alert, strings: strings, text: text), let commandLine {
            cursor = commandLine.draw(on: &canvas, text: text)
        }
        reports.covered = reports.covered || showsHelp || modal.keyContext(chatAlert: chatAlerts?.alert) != nil || commandLine != nil
        reports.cursor = cursor
        lastFrame = reports
        return cursor
    }

    /// Hands each page what its part of the last frame showed: the list asks for badges and
    /// pages, the chat for older history, the help learns how far it scrolls.
    public func afterFrame() {
        files.previews?.loadWanted()
        if let help, let report = lastFrame.help { help.afterFrame(report) }
        guard let community else { return }
        if let list = ui.channels {
            let shownAlone = if case .channels = community.navigator.top { true } else { false }
            list.keepLive(besideChat: isSplit && chat != nil, shownAlone: shownAlone)
            if let report = lastFrame.list { list.afterFrame(report) }
        }
        ui.chat?.afterFrame(lastFrame.chat ?? FrameReport())
    }

    private func drawCommunity(_ community: Community, on canvas: inout Canvas, reports: inout FrameReports) -> Point? {
        let navigator = community.navigator
        let layout = AppLayout(bounds: canvas.bounds, showsTabBar: !navigator.isTabBarHidden,
                               showsSidebar: navigator.selectedTab == .channels)
        if let bar = layout.tabBar {
            drawTabBar(community, on: &canvas, in: bar)
            reports.tabBar = bar
        }
        if let sidebar = layout.sidebar, let list = ui.channels {
            reports.list = list.drawList(into: &canvas, in: sidebar, focused: listFocused, open: openChannelID)
            reports.listInSidebar = true
            if let divider = layout.divider {
                for row in 0..<divider.height { canvas.draw("│", style: Style(.border), row: row, in: divider) }
            }
        }
        var cursor = drawPage(navigator.top, layout: layout, on: &canvas, reports: &reports)
        drawStatus(on: &canvas, in: layout.status)
        if navigator.modal != nil {
            reports.covered = true
            cursor = shownPage?.draw(into: &canvas, in: canvas.bounds.splitBottom(1).0).cursor
        }
        return cursor
    }

    func drawTabBar(_ community: Community, on canvas: inout Canvas, in bar: Region) {
        var tabs = TabBarPane(selected: community.navigator.selectedTab, strings: strings, activity: community.activity.hotlist)
        tabs.invitations = community.invitations.invites.count
        tabs.draw(on: &canvas, in: bar)
    }

    /// The list beside a chat has the keys (Tab): it highlights the row moved to, not the chat.
    var listFocused: Bool { openChat.map { $0.focus == .list } ?? true }

    private func drawPage(_ page: Page, layout: AppLayout, on canvas: inout Canvas, reports: inout FrameReports) -> Point? {
        let region = layout.main
        switch page {
        case .channels:
            if layout.isSplit {
                ui.channels?.drawPreview(into: &canvas, in: region)
            } else {
                reports.list = ui.channels?.draw(into: &canvas, in: region)
            }
        case .discover:
            reports.page = ui.discover?.draw(into: &canvas, in: region)
            return reports.page?.cursor
        case .profile:
            return ui.profile?.draw(into: &canvas, in: region).cursor
        case .conversations:
            reports.page = ui.direct?.draw(into: &canvas, in: region)
            return reports.page?.cursor
        case .chat:
            reports.chat = openChat?.draw(into: &canvas, in: region)
            return reports.chat?.cursor
        case .logIn, .terms, .nicknamePrompt, .quickSwitcher, .search:
            break  // modals only
        }
        return nil
    }
}
