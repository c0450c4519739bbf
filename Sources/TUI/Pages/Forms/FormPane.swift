/// A form of labelled text fields (log in, sign up, the nickname prompt): Tab moves between the
/// fields, a password field shows `•` for each character, and the error of the last try shows
/// under the fields.
public struct FormPane {
    /// One field as drawn.
    public struct Field {
        public var label: String
        public var editor: LineEditor
        public var masked: Bool
        /// A muted line under the field, saying what to type (e.g. the forms of a Matrix user name).
        public var note: String?

        public init(label: String, editor: LineEditor, masked: Bool = false, note: String? = nil) {
            self.label = label
            self.editor = editor
            self.masked = masked
            self.note = note
        }
    }

    public var title: String
    /// A line above the fields (e.g. "Set your nickname first.").
    public var message: String?
    public var fields: [Field]
    public var focused: Int
    public var error: String?
    public var hint: String
    public var text: OutsideText

    public init(title: String, message: String? = nil, fields: [Field], focused: Int, error: String?, hint: String, text: OutsideText) {
        self.title = title
        self.message = message
        self.fields = fields
        self.focused = focused
        self.error = error
        self.hint = hint
        self.text = text
    }

    /// Draws the form as a box in `region`; returns the cursor (in the focused field).
    public func draw(on canvas: inout Canvas, in region: Region) -> Point? {
        let height = fields.count * 2 + 6 + (message == nil ? 0 : 2)
        let inner = Box(title: title, width: 56, height: height).draw(on: &canvas, in: region)
        var row = 1
        if let message {
            canvas.draw(text.line(message), style: Style(.accent, on: nil, .bold), row: row, in: inner)
            row += 2
        }
        let labelWidth = min(fields.map { TextLayout.width(TextLayout.glyphs($0.label)) }.max() ?? 0, inner.width / 2) + 2
        var cursor: Point?
        for (index, field) in fields.enumerated() {
            let isFocused = index == focused
            canvas.draw(field.label, style: isFocused ? Style(.accent, on: nil, .bold) : Style(.muted), row: row, in: inner.subregion(Rect(row: 0, column: 0, width: labelWidth - 1, height: inner.height)))
            let area = inner.subregion(Rect(row: row, column: labelWidth, width: inner.width - labelWidth, height: 1))
            canvas.clear(area, style: Style(.text, on: .surface, isFocused ? .underline : []))
            let view = field.editor.view(width: area.width, mask: field.masked ? "•" : nil)
            let fieldCursor = canvas.draw(view, style: Style(.text, on: .surface), in: area)
            if isFocused { cursor = fieldCursor }
            if let note = field.note {
                canvas.draw(note, style: Style(.muted), row: row + 1, column: labelWidth, in: inner)
            }
            row += 2
        }
        if let error {
            canvas.draw(text.line(error), style: Style(.error, on: nil, .bold), row: row, in: inner)
        }
        canvas.draw(hint, style: Style(.muted), row: inner.height - 1, in: inner)
        return cursor
    }
}
