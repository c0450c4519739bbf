/// Where each pane goes: the tab bar on top (unless a chat hides it), the status line at the
/// bottom, and between them either the channel list on the left beside the main pane (80 columns
/// and more, on the Channels tab) or one pane at a time, like a phone's navigation stack.
public struct AppLayout: Hashable, Sendable {
    /// Narrower than this, one pane is shown at a time.
    public static let wideWidth = 80

    public let tabBar: Region?
    public let status: Region
    /// The channel list beside the main pane, when the terminal is wide enough.
    public let sidebar: Region?
    /// The column between the sidebar and the main pane.
    public let divider: Region?
    public let main: Region

    public init(bounds: Region, showsTabBar: Bool, showsSidebar: Bool) {
        let top = showsTabBar && bounds.height > 2 ? 1 : 0
        tabBar = top == 1 ? bounds.rows(0, count: 1) : nil
        let (rest, status) = bounds.inset(top: top).splitBottom(1)
        self.status = status
        guard showsSidebar, bounds.width >= Self.wideWidth else {
            sidebar = nil
            divider = nil
            main = rest
            return
        }
        let width = min(34, max(24, bounds.width * 3 / 10))
        let (left, right) = rest.splitColumns(width)
        let (line, main) = right.splitColumns(1)
        sidebar = left
        divider = line
        self.main = main
    }

    /// True when the sidebar and the main pane are both shown.
    public var isSplit: Bool { sidebar != nil }
}
