/// A question that must be answered before something that cannot be taken back happens ("Block
/// Bob?", "Quit tteok?"). It names its target, opens on Cancel, and only Enter on the other
/// choice acts — so no typed word, and no single stray key, ever answers yes.
@MainActor
struct Question {
    /// The question, naming its target; outside text in it is made inert when drawn.
    let text: String
    /// The choices in order; the first is always Cancel.
    let choices: [String]
    /// The highlighted choice; 0 (Cancel) when the question opens.
    private(set) var highlighted = 0
    /// What the second choice does.
    let action: @MainActor () async -> Void

    init(_ text: String, cancel: String, confirm: String, action: @escaping @MainActor () async -> Void) {
        self.text = text
        choices = [cancel, confirm]
        self.action = action
    }

    var confirms: Bool { highlighted == 1 }

    mutating func move(by step: Int) {
        highlighted = (highlighted + step + choices.count) % choices.count
    }
}
