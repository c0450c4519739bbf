import ViewModels

/// The tab bar: Discover, Channels, Direct, Profile with their number keys; the selected tab in
/// the accent; Direct counts the invitations waiting for an answer (`3 Direct ✉2`). Hidden while
/// a chat is open (the layout does not give it a row then).
public struct TabBarPane {
    public var selected: Tab
    public var strings: UIStrings
    /// Invitations waiting for an answer, counted on the Direct tab.
    public var invitations = 0

    public init(selected: Tab, strings: UIStrings) {
        self.selected = selected
        self.strings = strings
    }

    public func draw(on canvas: inout Canvas, in region: Region) {
        let bar = Style(.text, on: .surface)
        canvas.clear(region, style: bar)
        var column = 1
        for tab in Tab.allCases {
            let count = tab == .direct && invitations > 0 ? " ✉\(invitations)" : ""
            let label = " \(tab.rawValue) \(strings.shared.tabTitle(tab))\(count) "
            let style = tab == selected ? Style(.onAccent, on: .accent, .bold) : bar
            column = canvas.draw(label, style: style, row: 0, column: column, in: region, overflow: .clip) + 1
        }
        let name = strings.appName
        let nameColumn = region.width - TextLayout.width(TextLayout.glyphs(name)) - 1
        if nameColumn > column { canvas.draw(name, style: Style(.accent, on: .surface, .bold), row: 0, column: nameColumn, in: region) }
    }
}
