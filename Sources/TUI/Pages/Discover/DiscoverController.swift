import ViewModels

/// The Discover tab: the channels to explore and the highlighted one, opened with Enter.
@MainActor
final class DiscoverController: ListPageController {
    let model: DiscoverModel
    private let strings: UIStrings
    private let text: OutsideText
    /// Shows a failure to open the channel (the router's alert).
    private let report: @MainActor (GateOutcome) -> Void
    private var selected = ListSelection()

    init(model: DiscoverModel, strings: UIStrings, text: OutsideText, report: @escaping @MainActor (GateOutcome) -> Void) {
        self.model = model
        self.strings = strings
        self.text = text
        self.report = report
    }

    var keyContext: KeyContext { .browsing }

    private var rows: [DiscoverRow] { model.rows.value ?? [] }

    func handle(_ intent: Intent) async -> Bool {
        switch intent {
        case .up: move(by: -1)
        case .down: move(by: 1)
        case .open:
            let rows = rows
            guard !rows.isEmpty else { break }
            report(await model.open(rows[selected.index(count: rows.count)]))
        default: return false
        }
        return true
    }

    func move(by rows: Int) {
        selected.move(by: rows, count: self.rows.count)
    }

    func draw(into canvas: inout Canvas, in region: Region) -> FrameReport {
        DiscoverPane(rows: model.rows, selected: selected.index(count: rows.count), strings: strings, text: text).draw(on: &canvas, in: region)
        return FrameReport()
    }
}
