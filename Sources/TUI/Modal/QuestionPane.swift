/// A question over everything: the question and its choices, the highlighted one reversed.
public struct QuestionPane {
    public var question: String
    public var choices: [String]
    public var highlighted: Int
    public var text: OutsideText

    public init(question: String, choices: [String], highlighted: Int, text: OutsideText) {
        self.question = question
        self.choices = choices
        self.highlighted = highlighted
        self.text = text
    }

    public func draw(on canvas: inout Canvas, in region: Region) {
        let width = min(60, region.width)
        let lines = TextLayout.wrappedLines(text.line(question), width: max(width - 4, 8))
        let inner = Box(title: "?", width: width, height: lines.count + 5).draw(on: &canvas, in: region)
        for (index, line) in lines.enumerated() {
            canvas.draw(line, style: Style(.text, on: nil, .bold), row: index + 1, in: inner)
        }
        Self.drawChoices(choices, highlighted: highlighted, on: &canvas, in: inner)
    }

    /// The choices centred on the box's last row, the highlighted one reversed: every question
    /// box draws its choices this way (the verification screen too).
    static func drawChoices(_ choices: [String], highlighted: Int, on canvas: inout Canvas, in inner: Region) {
        let labels = choices.map { "[ " + $0 + " ]" }
        let total = labels.map { DisplayWidth.of($0) }.reduce(0, +) + 2 * (labels.count - 1)
        var column = max((inner.width - total) / 2, 0)
        for (index, label) in labels.enumerated() {
            let style = index == highlighted ? Style(.accent, on: nil, [.bold, .reverse]) : Style(.muted)
            canvas.draw(label, style: style, row: inner.height - 1, column: column, in: inner)
            column += DisplayWidth.of(label) + 2
        }
    }
}
