import ViewModels

/// The tab bar: Discover, Channels, Direct, Profile with their number keys; the selected tab in
/// the accent, the invitations waiting for an answer on Direct (`3 Direct ✉2`), and what waits in
/// the chats of Channels and Direct (`2` chats with new messages, `@1` highlights among them).
/// Hidden while a chat is open (the layout does not give it a row then; the status line names the
/// activity there).
public struct TabBarPane {
    public var selected: Tab
    public var strings: UIStrings
    public var activity: Hotlist
    /// Invitations waiting for an answer, counted on the Direct tab.
    public var invitations = 0

    public init(selected: Tab, strings: UIStrings, activity: Hotlist = Hotlist()) {
        self.selected = selected
        self.strings = strings
        self.activity = activity
    }

    public func draw(on canvas: inout Canvas, in region: Region) {
        let bar = Style(.text, on: .surface)
        canvas.clear(region, style: bar)
        var column = 1
        for tab in Tab.allCases {
            let style = tab == selected ? Style(.onAccent, on: .accent, .bold) : bar
            column = canvas.draw(label(tab), style: style, row: 0, column: column, in: region, overflow: .clip)
            column = drawActivity(of: tab, on: &canvas, at: column, in: region) + 1
        }
        let name = strings.appName
        let nameColumn = region.width - TextLayout.width(TextLayout.glyphs(name)) - 1
        if nameColumn > column { canvas.draw(name, style: Style(.accent, on: .surface, .bold), row: 0, column: nameColumn, in: region) }
    }

    private func label(_ tab: Tab) -> String {
        let count = tab == .direct && invitations > 0 ? " ✉\(invitations)" : ""
        return " \(tab.rawValue) \(strings.shared.tabTitle(tab))\(count) "
    }

    /// The tab drawn at `column` of the bar (a mouse click), with its activity; nil between tabs.
    public func tab(atColumn column: Int) -> Tab? {
        var start = 1
        for tab in Tab.allCases {
            var canvas = Canvas(size: Size(width: 200, height: 1))
            let end = drawActivity(of: tab, on: &canvas, at: start + TextLayout.width(TextLayout.glyphs(label(tab))), in: canvas.bounds)
            if column >= start, column < end { return tab }
            start = end + 1
        }
        return nil
    }

    /// ` @1 2` after a tab with activity; returns the column after it.
    private func drawActivity(of tab: Tab, on canvas: inout Canvas, at column: Int, in region: Region) -> Int {
        let summary: Hotlist.Summary
        switch tab {
        case .channels: summary = activity.summary(direct: false)
        case .direct: summary = activity.summary(direct: true)
        case .discover, .profile: return column
        }
        guard summary.chats > 0 else { return column }
        var column = column
        if summary.highlights > 0 {
            column = canvas.draw(" @\(summary.highlights)", style: Style(.accent, on: .surface, .bold), row: 0, column: column, in: region, overflow: .clip)
        }
        return canvas.draw(" \(summary.chats)", style: Style(.badge, on: .surface, .bold), row: 0, column: column, in: region, overflow: .clip)
    }
}
