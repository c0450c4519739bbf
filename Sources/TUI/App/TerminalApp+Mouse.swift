import ViewModels

/// The mouse (`mouse = on`): the wheel scrolls the chat or moves through the list shown, a click
/// on the tab bar opens that tab, on a channel of the list or of Discover opens it, on a
/// conversation of the Direct tab opens it (on an invitation asks, as Enter does), on a message
/// picks it (selection mode), in the chat's input gives it the keys. Nothing under a question, an
/// alert, the help or the command line: they keep their own keys.
extension TerminalApp {
    /// Rows the wheel moves per turn.
    static let wheelRows = 3

    func handleMouse(_ event: MouseEvent) async {
        guard help == nil, commandLine == nil, let community else { return }
        switch event.action {
        case .wheelUp: wheel(by: -Self.wheelRows)
        case .wheelDown: wheel(by: Self.wheelRows)
        case .press: await click(at: event.point, in: community)
        }
    }

    /// Up is back in time in a chat and up a list.
    private func wheel(by rows: Int) {
        if community?.navigator.modal == nil, let openChat { return openChat.scroll(by: -rows) }
        (shownPage as? ListPageController)?.move(by: rows)
    }

    private func click(at point: Point, in community: Community) async {
        let navigator = community.navigator
        guard navigator.modal == nil else { return }
        let bounds = Canvas(size: lastFrame.size).bounds
        let layout = AppLayout(bounds: bounds, showsTabBar: !navigator.isTabBarHidden, showsSidebar: navigator.selectedTab == .channels)
        if let bar = layout.tabBar, bar.frame.contains(point) {
            let pane = TabBarPane(selected: navigator.selectedTab, strings: strings, activity: community.activity.hotlist)
            if let tab = pane.tab(atColumn: point.column - bar.frame.column) { await navigator.select(tab) }
            return
        }
        if let openChat, let input = openChat.inputRegion, input.frame.contains(point) {
            openChat.leaveSelectionMode()
            openChat.focus = .input
            return
        }
        if let index = lastFrame.page?.rowTargets[point.row], let page = shownPage as? ClickableListController {
            return await page.click(index: index)
        }
        if let list = ui.channels, let shown = lastFrame.list?.list, shown.columns.contains(point.column),
           let channel = shown.rowChannels[point.row] {
            list.highlight(channel)
            return await list.openHighlighted()
        }
        _ = openChat?.click(row: point.row, column: point.column)
    }
}
