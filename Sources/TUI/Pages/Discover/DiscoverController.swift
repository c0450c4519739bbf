import ViewModels

/// The Discover tab: the channels to explore and the highlighted one, opened with Enter.
@MainActor
final class DiscoverController: OpeningListController {
    let model: DiscoverModel
    private let strings: UIStrings
    private let text: OutsideText
    /// Shows a failure to open the channel (the router's alert).
    private let report: @MainActor (GateOutcome) -> Void
    var selected = ListSelection()

    init(model: DiscoverModel, strings: UIStrings, text: OutsideText, report: @escaping @MainActor (GateOutcome) -> Void) {
        self.model = model
        self.strings = strings
        self.text = text
        self.report = report
    }

    var keyContext: KeyContext { .browsing }

    private var rows: [DiscoverRow] { model.rows.value ?? [] }
    var rowCount: Int { rows.count }

    func rowID(at index: Int) -> AnyHashable { AnyHashable(rows[index].id) }

    func openHighlighted() async {
        report(await model.open(rows[highlightedRow]))
    }

    func draw(into canvas: inout Canvas, in region: Region) -> FrameReport {
        let pane = DiscoverPane(rows: model.rows, selected: highlightedRow, strings: strings, text: text)
        var report = FrameReport()
        report.rowTargets = pane.draw(on: &canvas, in: region)
        return report
    }
}
