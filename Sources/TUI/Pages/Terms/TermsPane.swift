/// The community rules, a checkbox and Join. Join unticked shows "Please agree to the terms.".
public struct TermsPane {
    public var title: String
    public var rules: [String]
    public var checkboxLabel: String
    public var joinLabel: String
    public var isAgreed: Bool
    /// 0: the checkbox, 1: Join.
    public var focused: Int
    public var message: String?
    public var strings: UIStrings
    public var text: OutsideText

    public init(title: String, rules: [String], checkboxLabel: String, joinLabel: String, isAgreed: Bool, focused: Int, message: String?, strings: UIStrings, text: OutsideText) {
        self.title = title
        self.rules = rules
        self.checkboxLabel = checkboxLabel
        self.joinLabel = joinLabel
        self.isAgreed = isAgreed
        self.focused = focused
        self.message = message
        self.strings = strings
        self.text = text
    }

    public func draw(on canvas: inout Canvas, in region: Region) {
        let width = min(64, region.width)
        let wrapped = rules.map { TextLayout.wrappedLines("• " + $0, width: max(width - 4, 8)) }
        let height = wrapped.reduce(0) { $0 + $1.count } + 9
        let inner = Box(title: title, width: width, height: height).draw(on: &canvas, in: region)
        var row = 1
        for lines in wrapped {
            for line in lines {
                canvas.draw(line, style: Style(.text), row: row, in: inner)
                row += 1
            }
        }
        row += 1
        let box = (isAgreed ? strings.checkboxOn : strings.checkboxOff) + " " + checkboxLabel
        canvas.draw(box, style: focused == 0 ? Style(.accent, on: .selection, .bold) : Style(.text), row: row, in: inner)
        let join = "[ \(joinLabel) ]"
        canvas.draw(join, style: focused == 1 ? Style(.onAccent, on: .accent, .bold) : Style(.accent, on: nil, .bold), row: row + 2, in: inner)
        if let message {
            canvas.draw(text.line(message), style: Style(.error, on: nil, .bold), row: row + 2, column: TextLayout.width(TextLayout.glyphs(join)) + 2, in: inner)
        }
        canvas.draw(strings.termsHint, style: Style(.muted), row: inner.height - 1, in: inner)
    }
}
