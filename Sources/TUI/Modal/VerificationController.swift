import ViewModels

/// The verification screen (`/verify`), over everything while it is up: the emoji to compare
/// with their English and Korean names, and the answers. Like a question it opens on Cancel and
/// goes back to Cancel whenever the step changes, so only ←/→ to "They match" and then Enter
/// confirms — a stray key, or one typed before the emoji appeared, never does. Esc cancels the
/// verification on both sides; once it ended, Enter or Esc closes the screen.
@MainActor
final class VerificationController {
    let model: VerificationModel
    private let strings: UIStrings
    private var highlighted = 0
    private var seen: VerificationModel.State

    init(model: VerificationModel, strings: UIStrings) {
        self.model = model
        self.strings = strings
        seen = model.state
    }

    /// The answers for the step shown; the first is always the safe one.
    private var choices: [String] {
        switch model.state {
        case .compare: return [strings.cancel, strings.emojiDiffer, strings.emojiMatch]
        case .waiting, .confirmed: return [strings.cancel]
        case .verified, .cancelled: return [strings.closeChoice]
        }
    }

    /// Takes a key; true when the screen is to close.
    func handle(_ key: Key) async -> Bool {
        followStep()
        switch KeyMap.intent(for: key, in: .question) {
        case .previousChoice: highlighted = (highlighted + choices.count - 1) % choices.count
        case .nextChoice: highlighted = (highlighted + 1) % choices.count
        case .leave:
            if model.isFinished { return true }
            await model.cancel()
        case .submit:
            if model.isFinished { return true }
            switch (model.state, highlighted) {
            case (.compare, 2): await model.answer(match: true)
            case (.compare, 1): await model.answer(match: false)
            default: await model.cancel()
            }
        default: break
        }
        return false
    }

    /// A new step starts on the safe answer again.
    private func followStep() {
        guard model.state != seen else { return }
        seen = model.state
        highlighted = 0
    }

    func draw(on canvas: inout Canvas, in region: Region, text: OutsideText) {
        followStep()
        let width = min(60, region.width)
        var lines: [(String, Style)] = []
        for line in body() {
            lines += TextLayout.wrappedLines(text.line(line.text), width: max(width - 4, 8)).map { ($0, line.style) }
        }
        let inner = Box(title: strings.verifyTitle, width: width, height: lines.count + 5).draw(on: &canvas, in: region)
        for (index, line) in lines.enumerated() {
            canvas.draw(line.0, style: line.1, row: index + 1, in: inner)
        }
        QuestionPane.drawChoices(choices, highlighted: highlighted, on: &canvas, in: inner)
    }

    private func body() -> [(text: String, style: Style)] {
        let plain = Style(.text, on: nil, .bold)
        switch model.state {
        case .waiting(let what): return [(what, plain)]
        case .compare(let emoji):
            return [(strings.compareEmoji(model.user), plain)]
                + emoji.map { ("  \($0.symbol)  \($0.name) · \($0.koreanName)", Style(.text)) }
        case .confirmed: return [(strings.waitingForTheirConfirmation, plain)]
        case .verified(let user, let device): return [(strings.verifiedDevice(user, device), Style(.accent, on: nil, .bold))]
        case .cancelled(let why): return [(why, Style(.error, on: nil, .bold))]
        }
    }
}
