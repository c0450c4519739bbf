/// The command line at the bottom (`/` outside the input, or `r`'s reason), and what it asks
/// for: a line editor over the status line, with an optional prompt above it.
struct CommandLine {
    var editor: LineEditor
    var prompt: String?

    /// What a key did to the line.
    enum Outcome {
        /// Still open, the key typed or moved.
        case editing
        /// Closed: Esc, or everything erased.
        case closed
        /// Enter: run this line.
        case submitted(String)
    }

    /// One key, read as in a text field.
    mutating func handle(_ key: Key) -> Outcome {
        switch KeyMap.intent(for: key, in: .typing) {
        case .submit: return .submitted(editor.text)
        case .leave: return .closed
        case .edit(let key):
            _ = editor.handle(key)
            return editor.isEmpty ? .closed : .editing
        default: return .editing
        }
    }

    /// Draws the prompt above the status line and the line over it; returns the cursor.
    func draw(on canvas: inout Canvas, text: OutsideText) -> Point? {
        let (body, status) = canvas.bounds.splitBottom(1)
        if let prompt, body.height > 0 {
            let above = body.splitBottom(1).1
            canvas.clear(above, style: Style(.text, on: .surface))
            canvas.draw(text.line(prompt), style: Style(.accent, on: .surface, .bold), row: 0, in: above)
        }
        canvas.clear(status, style: Style(.text, on: .surface))
        let view = editor.view(width: max(status.width - 1, 2))
        return canvas.draw(view, style: Style(.text, on: .surface, .bold), in: status)
    }
}
