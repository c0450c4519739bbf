import ViewModels

/// The recovery key prompt, over everything while it is up: why it asks, one field that shows a
/// `•` for each character typed (the key is never drawn, and the field is emptied as soon as it
/// is sent), the last refusal in words, and the keys. Enter unlocks; Esc closes it for this
/// session (`tteok keys restore` does the same later); once done, Enter or Esc closes it.
@MainActor
final class RecoveryController {
    let model: RecoveryModel
    private let strings: UIStrings
    private var field = LineEditor()

    init(model: RecoveryModel, strings: UIStrings) {
        self.model = model
        self.strings = strings
    }

    /// Takes a key; true when the prompt is to close.
    func handle(_ key: Key) async -> Bool {
        switch model.state {
        case nil: return true
        case .unlocking?: return false
        case .recovered?:
            guard KeyMap.intent(for: key, in: .alert) == .leave else { return false }
            model.close()
            return true
        case .asking?:
            if KeyMap.intent(for: key, in: .question) == .leave {
                field.setText("")
                model.close()
                return true
            }
            guard field.handle(key) == .submit else { return false }
            let typed = field.text
            field.setText("")
            await model.unlock(typed)
            return false
        }
    }

    func draw(on canvas: inout Canvas, in region: Region, text: OutsideText) {
        let width = min(64, region.width), shared = strings.shared
        var lines: [(String, Style)] = []
        for line in body() {
            lines += TextLayout.wrappedLines(text.line(line.text), width: max(width - 4, 8)).map { ($0, line.style) }
        }
        let asking = if case .asking? = model.state { true } else { false }
        let inner = Box(title: shared.recoveryTitle, width: width, height: lines.count + (asking ? 7 : 5)).draw(on: &canvas, in: region)
        for (index, line) in lines.enumerated() {
            canvas.draw(line.0, style: line.1, row: index + 1, in: inner)
        }
        if asking {
            let row = lines.count + 2
            canvas.draw(shared.recoveryKeyLabel, style: Style(.accent, on: nil, .bold), row: row, in: inner)
            let area = inner.subregion(Rect(row: row + 1, column: 0, width: inner.width, height: 1))
            canvas.clear(area, style: Style(.text, on: .surface, .underline))
            canvas.draw(field.view(width: area.width, mask: "•"), style: Style(.text, on: .surface), in: area)
        }
        canvas.draw(asking ? shared.recoveryHint : shared.recoveryCloseHint, style: Style(.muted), row: inner.height - 1, in: inner)
    }

    private func body() -> [(text: String, style: Style)] {
        let shared = strings.shared
        switch model.state {
        case .asking(let error)?:
            return [(shared.recoveryAsk, Style(.text, on: nil, .bold))] + (error.map { [($0, Style(.error, on: nil, .bold))] } ?? [])
        case .unlocking?: return [(shared.recoveryUnlocking, Style(.text, on: nil, .bold))]
        case .recovered(let lines)?: return lines.map { ($0, Style(.accent, on: nil, .bold)) }
        case nil: return []
        }
    }
}
