import ViewModels

/// Another device asking to verify this one: put to the person as a question once nothing else
/// is up (never over another question or a verification under way). Like every question it opens
/// on Cancel, so only → and Enter on "Compare emoji" accepts — then the verification screen
/// opens; Cancel or Esc declines, and the other device is told.
extension TerminalApp {
    func askAboutVerificationRequest() {
        guard modal.question == nil, modal.verification == nil, let requests = community?.verificationRequests,
              let request = requests.takeNext() else { return }
        var question = Question(strings.shared.verificationRequested(request.user, device: request.device), cancel: strings.cancel,
                                confirm: strings.shared.compareEmojiChoice) { [weak self] in
            guard let self else { return }
            modal.verification = VerificationController(model: requests.accept(request), strings: strings)
        }
        question.onCancel = { await requests.decline(request) }
        modal.question = question
        markDirty()
    }
}

extension TerminalApp {
    /// What the verification screen's model has to say after its outcome (a signature not
    /// uploaded) goes up as an alert, over the screen.
    func raiseVerificationWarning() {
        guard let warning = modal.verification?.model.takeWarning() else { return }
        modal.alert = warning
        markDirty()
    }
}

extension TerminalApp {
    /// The recovery key prompt goes up once, when the community's model asks for it, over
    /// whatever page is shown (a question or the verification screen stays on top).
    func askForRecoveryKey() {
        guard modal.recovery == nil, let recovery = community?.recovery, recovery.takePrompt() else { return }
        modal.recovery = RecoveryController(model: recovery, strings: strings)
        markDirty()
    }
}
