import ViewModels

/// The chat's input line. A member who may post sees the accent and "Type a message"; a guest a
/// greyed bar with "Log in to chat"; a member refused by the posting rule a greyed bar with the
/// reason. What is typed is shown from the line editor, with the cursor where it is.
public struct InputBarPane {
    public var state: InputBarState
    public var editor: LineEditor
    public var focused: Bool
    public var text: OutsideText
    /// What the input answers or edits ("↱ replying to Bob: “…” · Esc cancels"), on the rule
    /// above it; outside text in it is made inert here.
    public var composing: String?

    public init(state: InputBarState, editor: LineEditor, focused: Bool, text: OutsideText) {
        self.state = state
        self.editor = editor
        self.focused = focused
        self.text = text
    }

    /// The most rows the typed text takes before it scrolls (Alt-Enter, Ctrl-J and long lines).
    public static let maximumRows = 4

    /// The rows the bar needs at `width`: the rule and one to `maximumRows` rows of text.
    public static func height(for editor: LineEditor, width: Int) -> Int {
        1 + editor.rowCount(width: max(width - 2, 2), atMost: maximumRows)
    }

    /// Draws a rule and the input rows; returns the cursor's absolute position when focused.
    public func draw(on canvas: inout Canvas, in region: Region) -> Point? {
        canvas.clear(region)
        guard region.height > 0 else { return nil }
        let enabled = state.isEnabled
        let accent = enabled ? Style(.accent, on: nil, focused ? .bold : []) : Style(.disabled, on: nil, .dim)
        if region.height > 1 {
            canvas.draw(String(repeating: "─", count: region.width), style: focused ? accent : Style(.border), row: 0, in: region, overflow: .clip)
            if let composing {
                canvas.draw(" " + TextLayout.truncate(text.line(composing), to: max(region.width - 4, 1)) + " ",
                            style: Style(.accent, on: nil, .bold), row: 0, column: 1, in: region)
            }
        }
        let textRows = max(region.height - 1, 1)
        if textRows > 1, !editor.isEmpty { return drawRows(textRows, on: &canvas, in: region, accent: accent) }
        let line = region.rows(region.height - 1, count: 1)
        canvas.draw(enabled ? "› " : "× ", style: accent, row: 0, in: line)
        let field = line.inset(left: 2)
        if editor.isEmpty {
            let placeholder: String
            switch state {
            case .enabled(let text): placeholder = text
            case .disabled(let reason): placeholder = text.line(reason)
            }
            canvas.draw(placeholder, style: enabled ? Style(.muted) : Style(.disabled, on: nil, .dim), row: 0, in: field)
            return focused ? field.absolute(Point(row: 0, column: 0)) : nil
        }
        let view = editor.view(width: field.width)
        let cursor = canvas.draw(view, style: enabled ? Style(.text) : Style(.disabled, on: nil, .dim), in: field)
        return focused ? cursor : nil
    }

    /// The text over several rows, scrolled to the cursor's row.
    private func drawRows(_ count: Int, on canvas: inout Canvas, in region: Region, accent: Style) -> Point? {
        let area = region.rows(region.height - count, count: count)
        canvas.draw(state.isEnabled ? "› " : "× ", style: accent, row: 0, in: area)
        let field = area.inset(left: 2)
        let view = editor.lines(width: field.width, limit: count)
        let style = state.isEnabled ? Style(.text) : Style(.disabled, on: nil, .dim)
        for (index, row) in view.rows.enumerated() {
            canvas.draw(LineView(glyphs: row, cursorColumn: 0), style: style, in: field.rows(index, count: 1))
        }
        return focused ? field.absolute(view.cursor) : nil
    }
}
