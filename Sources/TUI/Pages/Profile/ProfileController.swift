import ViewModels

/// My page: the profile and my messages, whose highlighted row ↑/↓ and PgUp/PgDn move (the
/// list scrolls to keep it in view).
@MainActor
final class ProfileController: ListPageController {
    let model: ProfileModel
    private let strings: UIStrings
    private let text: OutsideText
    private let times: TimeFormat
    private var selected = ListSelection()

    init(model: ProfileModel, strings: UIStrings, text: OutsideText, times: TimeFormat = TimeFormat()) {
        self.times = times
        self.model = model
        self.strings = strings
        self.text = text
    }

    var keyContext: KeyContext { .browsing }

    func handle(_ intent: Intent) async -> Bool {
        switch intent {
        case .up: move(by: -1)
        case .down: move(by: 1)
        default: return false
        }
        return true
    }

    func move(by rows: Int) {
        selected.move(by: rows, count: model.myMessages.value?.count ?? 0)
    }

    func draw(into canvas: inout Canvas, in region: Region) -> FrameReport {
        var pane = ProfilePane(model: model, strings: strings, text: text)
        pane.times = times
        pane.selected = selected.index(count: model.myMessages.value?.count ?? 0)
        pane.draw(on: &canvas, in: region)
        return FrameReport()
    }
}
