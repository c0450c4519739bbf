import ChatCore
import ViewModels

/// A live message in the chat on screen, drawn alone: while the transcript follows the newest
/// row, the lines that arrived since the last frame are drawn below the rows already there (which
/// scroll up), and nothing else of the frame is laid out or compared.
extension ChatController {
    /// What the next frame adds: the new lines' rows below the last frame's newest line.
    struct Appending {
        let rows: [ChatTranscript.Row]
        let newest: MessageID
        let region: Region
    }

    /// Where the new lines go (the transcript), or nil when the frame must be drawn whole:
    /// scrolled back, in selection mode or a thread, nothing new, or lines that change rows above
    /// them (`ChatTranscript.appendedRows`).
    /// The rows are laid out here, once a frame: the frame's drawing takes them (`appendPlan`).
    func appendedLinesRect() -> Rect? {
        appendPlan = appending()
        return appendPlan?.region.frame
    }

    /// Draws the new lines over the last frame (as `appendedLinesRect` allowed); returns the
    /// transcript's report, moved along, for `afterFrame`.
    func drawAppended(on canvas: inout Canvas) -> ChatPane.Report? {
        defer { appendPlan = nil }
        guard let plan = appendPlan ?? appending(), let model else { return nil }
        let pane = ChatPane(title: model.title, messages: model.messages, paging: model.paging, scroll: 0, focused: false, transcript: transcript)
        return pane.drawAppended(plan.rows, newest: plan.newest, after: shown, on: &canvas, in: plan.region)
    }

    private func appending() -> Appending? {
        guard let model, thread == nil, scroll == .newest, focus != .selecting, model.selection == nil,
              let region = transcriptRegion, shown.scroll == 0, let drawn = shown.newest,
              case .loaded(let lines) = model.messages, let newest = lines.last?.id, newest != drawn else { return nil }
        var transcript = transcript
        transcript.firstUnread = model.firstUnread
        guard let rows = transcript.appendedRows(for: lines, after: drawn, width: ChatPane.body(of: region).width), !rows.isEmpty else { return nil }
        return Appending(rows: rows, newest: newest, region: region)
    }
}
