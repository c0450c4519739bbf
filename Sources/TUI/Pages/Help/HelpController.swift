/// The help over the page: every key and command, scrolled with ↑/↓ and PgUp/PgDn when it is
/// taller than the terminal; any other key closes it.
@MainActor
final class HelpController: PageController {
    private let strings: UIStrings
    private var scroll = 0
    /// How far the last frame said the help scrolls.
    private var maxScroll = 0

    init(strings: UIStrings) {
        self.strings = strings
    }

    var keyContext: KeyContext { .browsing }

    /// False for every key that is not a scroll: the router closes the help.
    func handle(_ intent: Intent) async -> Bool {
        switch intent {
        case .down: scroll = min(scroll + 1, maxScroll)
        case .up: scroll = max(scroll - 1, 0)
        case .pageDown: scroll = min(scroll + 10, maxScroll)
        case .pageUp: scroll = max(scroll - 10, 0)
        default: return false
        }
        return true
    }

    func draw(into canvas: inout Canvas, in region: Region) -> FrameReport {
        FrameReport(maxScroll: HelpOverlayPane(strings: strings, scroll: scroll).draw(on: &canvas, in: region))
    }

    func afterFrame(_ report: FrameReport) {
        maxScroll = report.maxScroll ?? 0
    }
}
