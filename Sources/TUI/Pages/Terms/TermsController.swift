import ViewModels

/// A terms page (before the community, or over it): the rules, the checkbox, Join, and which of
/// the two has the keys (it opens on the checkbox).
@MainActor
final class TermsController: PageController {
    let model: TermsModel
    private let strings: UIStrings
    private let text: OutsideText
    private let back: @MainActor () async -> Void
    private var isJoinFocused = false

    init(model: TermsModel, strings: UIStrings, text: OutsideText, back: @escaping @MainActor () async -> Void) {
        self.model = model
        self.strings = strings
        self.text = text
        self.back = back
    }

    var keyContext: KeyContext { .browsing }

    /// Every key but `q` is the page's: those it has no use for do nothing.
    func handle(_ intent: Intent) async -> Bool {
        switch intent {
        case .nextPane, .previousPane, .up, .down: isJoinFocused.toggle()
        case .toggle: model.toggleAgreement()
        case .open:
            if isJoinFocused { await model.join() } else { model.toggleAgreement() }
        case .leave: await back()
        case .quit: return false
        default: break
        }
        return true
    }

    func draw(into canvas: inout Canvas, in region: Region) -> FrameReport {
        let shared = strings.shared
        TermsPane(title: model.title, rules: model.rules, checkboxLabel: shared.termsCheckbox, joinLabel: shared.join,
                  isAgreed: model.isAgreed, focused: isJoinFocused ? 1 : 0, message: model.message, strings: strings, text: text)
            .draw(on: &canvas, in: region)
        return FrameReport()
    }
}
