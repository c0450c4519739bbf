/// A question that must be answered before something that cannot be taken back happens ("Block
/// Bob?", "Quit tteok?"), or a choice among a few actions ("React to Bob's message: 👍 ❤ …"). It
/// names its target, opens on Cancel, and only Enter on another choice acts — so no typed word,
/// and no single stray key, ever answers yes.
@MainActor
struct Question {
    /// One answer and what it does (Cancel does nothing).
    struct Choice {
        let label: String
        let action: (@MainActor () async -> Void)?
    }

    /// The question, naming its target; outside text in it is made inert when drawn.
    let text: String
    /// The answers in order; the first is always Cancel.
    let answers: [Choice]
    /// The highlighted answer; 0 (Cancel) when the question opens.
    private(set) var highlighted = 0
    /// What Cancel (or Esc) does besides closing the question: usually nothing; a request
    /// from someone else is declined.
    var onCancel: (@MainActor () async -> Void)?

    /// A yes/no question: Cancel, and `confirm`, which runs `action`.
    init(_ text: String, cancel: String, confirm: String, action: @escaping @MainActor () async -> Void) {
        self.init(text, cancel: cancel, choices: [Choice(label: confirm, action: action)])
    }

    /// Cancel, then `choices`.
    init(_ text: String, cancel: String, choices: [Choice]) {
        self.text = text
        answers = [Choice(label: cancel, action: nil)] + choices
    }

    var choices: [String] { answers.map(\.label) }

    /// What Enter does now: nil on Cancel.
    var chosenAction: (@MainActor () async -> Void)? { answers[highlighted].action }

    mutating func move(by step: Int) {
        highlighted = (highlighted + step + answers.count) % answers.count
    }
}
