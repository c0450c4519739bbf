/// One page of the app — the welcome, a form, the terms, a list, the quick switcher, the help —
/// with its own typed UI state, what its keys mean, and how it is drawn. The router
/// (`TerminalApp`) gives it the keys the modal layer leaves, read in the page's key context, and
/// the region to draw in; it hands the frame's report back after the frame is on the terminal.
@MainActor
protocol PageController: AnyObject {
    /// How the key map reads keys on this page.
    var keyContext: KeyContext { get }
    /// Acts on one intent; false when the page has no use for it, so the router's keys that
    /// mean the same everywhere (help, the command line, quit) get it.
    func handle(_ intent: Intent) async -> Bool
    /// Draws the page into `region`. Drawing changes nothing: what only the drawing learns
    /// comes back in the report.
    func draw(into canvas: inout Canvas, in region: Region) -> FrameReport
    /// Told what its last frame showed, once the frame is on the terminal.
    func afterFrame(_ report: FrameReport)
}

extension PageController {
    func afterFrame(_ report: FrameReport) {}
}

/// What a page's frame showed: where the cursor goes, and what only drawing finds out.
struct FrameReport {
    var cursor: Point?
    /// How far the page's text can scroll (the help taller than the terminal).
    var maxScroll: Int?
    /// The chat's transcript as drawn: how far it scrolls, what is on screen, what is below.
    var chat: ChatPane.Report?
    /// Where the chat's input bar was drawn, so that typing can redraw just that.
    var inputRegion: Region?
    /// Where the chat's transcript was drawn (not a thread's), so that a live message can be
    /// drawn into just that.
    var transcriptRegion: Region?
    /// The channel list as drawn: badges still loading, the last row shown.
    var list: ChannelListPane.Report?
    /// How many members the pane beside the chat can show (nil: the pane is not on screen).
    var memberRows: Int?
    /// Where the channel list was drawn, so that a new count can redraw just its row.
    var listRegion: Region?
    /// The row of a list page's selection drawn on each screen row, so that a click picks it.
    var rowTargets: [Int: Int] = [:]
}

/// A page whose rows ↑/↓ and PgUp/PgDn move through.
@MainActor
protocol ListPageController: PageController {
    func move(by rows: Int)
}

/// A list page where a click on a row does what ↑/↓ to it and Enter would.
@MainActor
protocol ClickableListController: ListPageController {
    /// Highlights the row at `index` of the selection (one its last frame reported) and opens it.
    func click(index: Int) async
}

/// A list page whose ↑/↓ move the highlight and whose Enter opens the highlighted row (a
/// channel, through the nickname gate): Discover, the channel list.
@MainActor
protocol OpeningListController: ClickableListController {
    var rowCount: Int { get }
    var selected: ListSelection { get set }
    /// The identity of the row at `index` (< `rowCount`): the highlight stays on it when rows
    /// arrive or leave around it.
    func rowID(at index: Int) -> AnyHashable
    /// Opens the highlighted row (there is one).
    func openHighlighted() async
}

extension OpeningListController {
    func handle(_ intent: Intent) async -> Bool {
        switch intent {
        case .up: move(by: -1)
        case .down: move(by: 1)
        case .open: if rowCount > 0 { await openHighlighted() }
        default: return false
        }
        return true
    }

    /// The highlighted row now (its place moves with the list's changes, the row does not).
    var highlightedRow: Int { selected.index(count: rowCount, id: rowID) }

    func move(by rows: Int) {
        selected.move(by: rows, count: rowCount, id: rowID)
    }

    func click(index: Int) async {
        guard index < rowCount else { return }
        selected.select(index, count: rowCount, id: rowID)
        await openHighlighted()
    }
}
