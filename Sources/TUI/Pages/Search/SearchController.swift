import ChatCore
import ViewModels

/// `/search TEXT` and Ctrl-R: the query field over the results. Typing edits the words, Enter
/// searches them (again after an edit) or, on results for the words shown, opens the picked
/// message in its chat; ↑/↓ pick (older pages load at the end); Esc closes.
@MainActor
final class SearchController: PageController {
    let model: SearchModel
    private let strings: UIStrings
    private let text: OutsideText
    private let time: TimeFormat
    private let dismiss: @MainActor () async -> Void
    private let report: @MainActor (GateOutcome) -> Void
    /// The chat a result opened is on screen with the message picked: selection mode there.
    private let jumped: @MainActor () -> Void
    private var query: LineEditor
    private var selected = ListSelection()

    init(model: SearchModel, strings: UIStrings, text: OutsideText, time: TimeFormat,
         dismiss: @escaping @MainActor () async -> Void, report: @escaping @MainActor (GateOutcome) -> Void,
         jumped: @escaping @MainActor () -> Void) {
        self.model = model
        self.strings = strings
        self.text = text
        self.time = time
        self.dismiss = dismiss
        self.report = report
        self.jumped = jumped
        query = LineEditor(text: model.query)
    }

    var keyContext: KeyContext { .typing }

    func handle(_ intent: Intent) async -> Bool {
        let hits = model.results?.value ?? []
        switch intent {
        case .edit(.up): selected.move(by: -1, count: hits.count)
        case .edit(.down), .pageDown:
            selected.move(by: intent == .pageDown ? 10 : 1, count: hits.count)
            if selected.index(count: hits.count) >= hits.count - 1 { await model.loadMore() }
        case .pageUp: selected.move(by: -10, count: hits.count)
        case .edit(let key): _ = query.handle(key)
        case .submit:
            if query.text != model.query || model.results == nil {
                selected = ListSelection()
                await model.search(query.text)
            } else if !hits.isEmpty {
                let outcome = await model.open(hits[selected.index(count: hits.count)])
                if case .opened = outcome { jumped() }
                report(outcome)
            }
        case .leave: await dismiss()
        default: break
        }
        return true
    }

    func draw(into canvas: inout Canvas, in region: Region) -> FrameReport {
        let pane = SearchPane(query: query, model: model, selected: selected.index(count: model.results?.value?.count ?? 0),
                              strings: strings, text: text, time: time)
        return FrameReport(cursor: pane.draw(on: &canvas, in: region))
    }
}
