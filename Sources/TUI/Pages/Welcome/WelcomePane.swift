/// The welcome screen: Log in, Sign up, Continue as guest.
public struct WelcomePane {
    public var selected: Int
    public var notice: String?
    public var strings: UIStrings
    public var text: OutsideText

    public init(selected: Int, notice: String?, strings: UIStrings, text: OutsideText) {
        self.selected = selected
        self.notice = notice
        self.strings = strings
        self.text = text
    }

    /// The choices, in order.
    public var choices: [String] { [strings.shared.logIn, strings.shared.signUp, strings.shared.continueAsGuest] }

    public func draw(on canvas: inout Canvas, in region: Region) {
        canvas.clear(region)
        let inner = Box(title: strings.appName, width: 48, height: 13).draw(on: &canvas, in: region)
        canvas.draw(strings.welcomeTitle, style: Style(.accent, on: nil, .bold), row: 1, column: inner.centred(strings.welcomeTitle), in: inner)
        canvas.draw(strings.welcomeSubtitle, style: Style(.muted), row: 2, column: inner.centred(strings.welcomeSubtitle), in: inner)
        for (index, choice) in choices.enumerated() {
            let label = index == selected ? "▸ \(choice) ◂" : "  \(choice)  "
            let style = index == selected ? Style(.onAccent, on: .accent, .bold) : Style(.text)
            canvas.draw(label, style: style, row: 4 + index, column: inner.centred(label), in: inner)
        }
        if let notice {
            canvas.draw(text.line(notice), style: Style(.error, on: nil, .bold), row: 8, in: inner)
        }
        canvas.draw(strings.chooseHint, style: Style(.muted), row: inner.height - 1, column: inner.centred(strings.chooseHint), in: inner)
    }
}
