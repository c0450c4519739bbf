/// The text fields of a form: one line editor per field and which one has the keys.
struct FormFields {
    var editors: [LineEditor]
    var focused = 0

    init(count: Int) {
        editors = Array(repeating: LineEditor(), count: count)
    }

    subscript(index: Int) -> String { editors[index].text }

    mutating func next() { focused = (focused + 1) % editors.count }
    mutating func previous() { focused = (focused + editors.count - 1) % editors.count }

    /// Gives a key to the focused field; true when something changed.
    mutating func edit(_ key: Key) -> Bool {
        editors[focused].handle(key) == .changed
    }

    mutating func clear(_ index: Int) { editors[index].setText("") }
}
