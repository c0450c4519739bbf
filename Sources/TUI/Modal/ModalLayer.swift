import ViewModels

/// The modal layer: an alert or a question over everything. While one is up it takes every key
/// — only its own (`KeyMap`'s `alert` and `question` tables) do anything, every other key is
/// dropped, never delivered to the input or a list underneath — so text typed after an alert
/// appeared cannot post half a word.
@MainActor
final class ModalLayer {
    /// The app's alert (a failed command, a refusal); the open chat's own alert comes second.
    var alert: String?
    /// A question before an action that cannot be taken back.
    var question: Question?
    /// A list to read (a moderator's reports), closed as an alert is.
    var listing: Listing?
    /// The verification screen (`/verify`), under a question and under any alert: what goes
    /// wrong while it is up is seen at once, and closed before the screen takes keys again.
    var verification: VerificationController?
    /// The recovery key prompt, under a question and an alert, over a list.
    var recovery: RecoveryController?

    /// What is on top, in the order it covers the rest.
    private enum Top {
        case question, alert, verification, recovery, listing, chatAlert
    }

    private func top(chatAlert: String?) -> Top? {
        if question != nil { return .question }
        if alert != nil || (verification != nil && chatAlert != nil) { return .alert }
        if verification != nil { return .verification }
        if recovery != nil { return .recovery }
        if listing != nil { return .listing }
        return chatAlert != nil ? .chatAlert : nil
    }

    /// How keys read while something is up; nil when nothing is.
    func keyContext(chatAlert: String?) -> KeyContext? {
        switch top(chatAlert: chatAlert) {
        case .question?, .verification?: return .question
        case .recovery?: return .typing
        case .alert?, .listing?, .chatAlert?: return .alert
        case nil: return nil
        }
    }

    /// Gives a key to what is up (nothing when nothing is); true when the layer took it.
    func handle(_ key: Key, chat: (any MessageList)?) async -> Bool {
        switch top(chatAlert: chat?.alert) {
        case .question?: await answerQuestion(key)
        case .verification?: if await verification?.handle(key) == true { verification = nil }
        case .recovery?: if await recovery?.handle(key) == true { recovery = nil }
        case .alert?, .listing?, .chatAlert?: dismissAlert(key, chat: chat)
        case nil: return false
        }
        return true
    }

    /// Enter or Esc closes the alert (the app's, else the list, else the chat's); other keys do
    /// nothing. A list under the verification screen waits for it to close.
    private func dismissAlert(_ key: Key, chat: (any MessageList)?) {
        guard KeyMap.intent(for: key, in: .alert) == .leave else { return }
        if alert != nil {
            alert = nil
        } else if listing != nil, verification == nil {
            listing = nil
        } else {
            chat?.dismissAlert()
        }
    }

    /// ←/→/Tab move between Cancel and the action; Enter takes the highlighted one; Esc cancels.
    private func answerQuestion(_ key: Key) async {
        guard var asked = question else { return }
        switch KeyMap.intent(for: key, in: .question) {
        case .previousChoice: asked.move(by: -1)
        case .nextChoice: asked.move(by: 1)
        case .leave:
            question = nil
            await asked.onCancel?()
            return
        case .submit:
            question = nil
            if let action = asked.chosenAction { await action() } else { await asked.onCancel?() }
            return
        default: return
        }
        question = asked
    }

    /// Puts `text` up as a question whose second choice, `confirm`, runs `action`.
    func ask(_ text: String, confirm: String, strings: UIStrings, action: @escaping @MainActor () async -> Void) {
        question = Question(text, cancel: strings.cancel, confirm: confirm, action: action)
    }

    /// Opening a chat: a refusal is already on the status line (and the gate asks for a
    /// nickname); a failure (no such channel or member) is an alert. True when the chat opened.
    @discardableResult
    func report(_ outcome: GateOutcome) -> Bool {
        switch outcome {
        case .opened: return true
        case .refused: return false
        case .failed(let message):
            alert = message
            return false
        }
    }

    /// A safety action's outcome: done on the status line (the session's notice), a failure as
    /// an alert.
    func show(_ safety: SafetyModel, session: SessionModel) {
        switch safety.notice {
        case .done(let text): session.show(notice: text)
        case .failed(let text): alert = text
        case nil: break
        }
        safety.clearNotice()
    }

    /// Draws what is up over `region`; true when something was drawn (it hides the cursor).
    func draw(into canvas: inout Canvas, in region: Region, chatAlert: String?, strings: UIStrings, text: OutsideText) -> Bool {
        if let question {
            QuestionPane(question: question.text, choices: question.choices, highlighted: question.highlighted, text: text)
                .draw(on: &canvas, in: region)
            return true
        }
        if let verification {
            verification.draw(on: &canvas, in: region, text: text)
            if let message = alert ?? chatAlert { AlertPane(message: message, strings: strings, text: text).draw(on: &canvas, in: region) }
            return true
        }
        if let recovery {
            recovery.draw(on: &canvas, in: region, text: text)
            if let alert { AlertPane(message: alert, strings: strings, text: text).draw(on: &canvas, in: region) }
            return true
        }
        if alert == nil, let listing {
            ListingPane(title: listing.title, lines: listing.lines, strings: strings, text: text, keepsFirst: listing.keepsFirst).draw(on: &canvas, in: region)
            return true
        }
        if let message = alert ?? chatAlert {
            AlertPane(message: message, strings: strings, text: text).draw(on: &canvas, in: region)
            return true
        }
        return false
    }
}
