import ViewModels

/// The modal layer: an alert or a question over everything takes only its own keys (`KeyMap`'s
/// `alert` and `question` tables). Every other key is dropped — never delivered to the input or
/// a list underneath — so text typed after an alert appeared cannot post half a word.
extension TerminalApp {
    /// Enter or Esc closes the alert (the app's, else the chat's); other keys do nothing.
    func dismissAlert(_ key: Key) {
        guard KeyMap.intent(for: key, in: .alert) == .leave else { return }
        if alert != nil {
            alert = nil
        } else {
            chat?.dismissAlert()
        }
    }

    /// ←/→/Tab move between Cancel and the action; Enter takes the highlighted one; Esc cancels.
    func answerQuestion(_ key: Key) async {
        guard var asked = question else { return }
        switch KeyMap.intent(for: key, in: .question) {
        case .previousChoice: asked.move(by: -1)
        case .nextChoice: asked.move(by: 1)
        case .leave: return question = nil
        case .submit:
            question = nil
            if asked.confirms { await asked.action() }
            return
        default: return
        }
        question = asked
    }

    /// Puts `text` up as a question whose second choice, `confirm`, runs `action`.
    func ask(_ text: String, confirm: String, action: @escaping @MainActor () async -> Void) {
        question = Question(text, cancel: strings.cancel, confirm: confirm, action: action)
    }
}
