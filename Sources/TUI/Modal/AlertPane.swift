/// An alert over everything: the message and how to close it.
public struct AlertPane {
    public var message: String
    public var strings: UIStrings
    public var text: OutsideText

    public init(message: String, strings: UIStrings, text: OutsideText) {
        self.message = message
        self.strings = strings
        self.text = text
    }

    public func draw(on canvas: inout Canvas, in region: Region) {
        let width = min(60, region.width)
        let lines = TextLayout.wrappedLines(text.line(message), width: max(width - 4, 8))
        let inner = Box(title: "!", width: width, height: lines.count + 5).draw(on: &canvas, in: region)
        for (index, line) in lines.enumerated() {
            canvas.draw(line, style: Style(.error, on: nil, .bold), row: index + 1, in: inner)
        }
        canvas.draw(strings.alertDismiss, style: Style(.muted), row: inner.height - 1, column: inner.centred(strings.alertDismiss), in: inner)
    }
}
