import ViewModels

/// The welcome page: Log in, Sign up, Continue as guest, and which of them is highlighted.
@MainActor
final class WelcomeController: PageController {
    private let session: SessionModel
    private let strings: UIStrings
    private let text: OutsideText
    private var selected = ListSelection()
    private static let choices = 3

    init(session: SessionModel, strings: UIStrings, text: OutsideText) {
        self.session = session
        self.strings = strings
        self.text = text
    }

    var keyContext: KeyContext { .browsing }

    func handle(_ intent: Intent) async -> Bool {
        switch intent {
        case .up, .previousPane: selected.move(by: -1, count: Self.choices)
        case .down, .nextPane: selected.move(by: 1, count: Self.choices)
        case .open:
            switch selected.index(count: Self.choices) {
            case 0: await session.showLogIn()
            case 1: await session.showSignUp()
            default: await session.continueAsGuest()
            }
        case .logIn: await session.showLogIn()
        default: return false
        }
        return true
    }

    func draw(into canvas: inout Canvas, in region: Region) -> FrameReport {
        WelcomePane(selected: selected.index(count: Self.choices), notice: session.notice, strings: strings, text: text)
            .draw(on: &canvas, in: region)
        return FrameReport()
    }
}
