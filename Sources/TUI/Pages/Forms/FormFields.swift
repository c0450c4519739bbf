/// The text fields of the form on screen, kept by the front end while the form's model is shown:
/// one line editor per field and which one has the keys.
struct FormFields {
    /// The model this belongs to; a different model starts afresh.
    let owner: ObjectIdentifier
    var editors: [LineEditor]
    var focused = 0

    init(owner: ObjectIdentifier, count: Int) {
        self.owner = owner
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
