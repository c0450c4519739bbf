import ViewModels

/// The quick switcher (Ctrl-K) over the community: the query typed and the highlighted match.
/// Made for each switcher shown, so it always opens empty.
@MainActor
final class QuickSwitcherController: PageController {
    let model: QuickSwitcherModel
    private let strings: UIStrings
    private let text: OutsideText
    private let dismiss: @MainActor () async -> Void
    /// Shows a failure to open the chosen channel (the router's alert).
    private let report: @MainActor (GateOutcome) -> Void
    private var query = LineEditor()
    private var selected = ListSelection()

    init(model: QuickSwitcherModel, strings: UIStrings, text: OutsideText,
         dismiss: @escaping @MainActor () async -> Void, report: @escaping @MainActor (GateOutcome) -> Void) {
        self.model = model
        self.strings = strings
        self.text = text
        self.dismiss = dismiss
        self.report = report
    }

    var keyContext: KeyContext { .typing }

    /// ↑/↓ pick a match, typing filters, Enter opens, Esc closes; it takes every key.
    func handle(_ intent: Intent) async -> Bool {
        let count = model.matches.value?.count ?? 0
        switch intent {
        case .edit(.up): selected.move(by: -1, count: count)
        case .edit(.down): selected.move(by: 1, count: count)
        case .edit(let key):
            if query.handle(key) == .changed {
                model.setQuery(query.text)
                selected = ListSelection()
            }
        case .submit:
            guard let matches = model.matches.value, !matches.isEmpty else { break }
            report(await model.choose(matches[selected.index(count: matches.count)]))
        case .leave: await dismiss()
        default: break
        }
        return true
    }

    func draw(into canvas: inout Canvas, in region: Region) -> FrameReport {
        let matches = model.matches
        let pane = QuickSwitcherPane(query: query, matches: matches, selected: selected.index(count: matches.value?.count ?? 0),
                                     strings: strings, text: text)
        return FrameReport(cursor: pane.draw(on: &canvas, in: region))
    }
}
