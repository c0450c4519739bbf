import ChatCore
import ViewModels

/// Drawing the chat page, and acting on what a frame showed. Drawing changes nothing: the pane's
/// report comes back through `afterFrame`, which loads older history when the top of it is on
/// screen and settles where a chat opened at its "new messages" line stays.
extension ChatController {
    /// The transcript and the input bar, with the member list beside them when it is toggled on
    /// and fits; the cursor is the input's while it has the keys.
    func draw(into canvas: inout Canvas, in region: Region) -> FrameReport {
        guard let model else { return FrameReport() }
        guard showsMembers, thread == nil, let split = MemberPane.split(region) else { return drawChat(model, into: &canvas, in: region) }
        var report = drawChat(model, into: &canvas, in: split.chat)
        MemberPane(list: model.members.list, strings: strings, text: text).draw(on: &canvas, divider: split.divider, pane: split.pane)
        report.memberRows = MemberPane.rows(in: split.pane.inset(left: 1))
        return report
    }

    private func drawChat(_ model: ChatModel, into canvas: inout Canvas, in region: Region) -> FrameReport {
        let (transcriptArea, inputArea) = region.splitBottom(InputBarPane.height(for: input, width: region.width))
        var pane: ChatPane
        if let thread {
            // The thread over the chat: its root and replies, newest at the bottom, its own input.
            pane = ChatPane(title: threadTitle(thread), messages: thread.lines, paging: thread.paging, scroll: 0,
                            focused: focus == .selecting, transcript: transcript)
            pane.transcript.selected = thread.selection
        } else {
            pane = ChatPane(title: model.title, messages: model.messages, paging: model.paging, scroll: 0,
                            focused: focus == .selecting, transcript: transcript)
            if case .person = model.subject { pane.isDirect = true }
            pane.transcript.selected = model.selection
            pane.transcript.firstUnread = model.firstUnread
        }
        pane.position = scroll
        var report = FrameReport(chat: pane.draw(on: &canvas, in: transcriptArea), inputRegion: inputArea,
                                 transcriptRegion: thread == nil ? transcriptArea : nil)
        report.cursor = inputBarPane(model).draw(on: &canvas, in: inputArea)
        return report
    }

    /// The input bar alone over the last frame (a keystroke); nil when it is not on screen.
    func redrawInput(on canvas: inout Canvas) -> Point? {
        guard let model, let inputRegion else { return nil }
        return inputBarPane(model).draw(on: &canvas, in: inputRegion)
    }

    /// The rows the input takes at the width it was last drawn (one before the first frame).
    var inputRows: Int {
        InputBarPane.height(for: input, width: inputRegion?.width ?? 80)
    }

    private func inputBarPane(_ model: ChatModel) -> InputBarPane {
        var pane = InputBarPane(state: model.inputBar, editor: input, focused: focus == .input, text: text)
        switch composing {
        case .reply(let line)?: pane.composing = strings.replyingTo(line.message.senderNickname, Self.excerpt(line.message.content.summary, length: 30))
        case .edit(let line, _)?: pane.composing = strings.editingMessage(Self.excerpt(line.message.content.summary, length: 30))
        case nil: break
        }
        return pane
    }

    /// Keeps what the frame showed; asks for the page before the oldest row when it is on screen.
    func afterFrame(_ report: FrameReport) {
        appendPlan = nil
        shown = report.chat ?? ChatPane.Report()
        inputRegion = report.inputRegion
        transcriptRegion = report.transcriptRegion
        guard let model, let list = shownList else { return }
        if let rows = report.memberRows { loadMembers(model, rows: rows) }
        if thread == nil { settleUnreadPosition(model) }
        guard shown.showsOldest, case .haveMore = list.paging, !pagingRequested else { return }
        pagingRequested = true
        Task { @MainActor [weak self] in
            await list.topBecameVisible()
            guard let self, self.shownList === list else { return }
            self.pagingRequested = false
            self.host?.markDirty(.everything)
        }
    }

    /// Asks for the members the pane can show, when it holds fewer (or another chat's).
    private func loadMembers(_ model: ChatModel, rows: Int) {
        guard model.members.needs(model.channelID, rows: rows) else { return }
        Task { @MainActor [weak self] in
            await model.members.show(model.channelID, rows: rows)
            self?.host?.markDirty(.everything)
        }
    }

    /// A chat opened at its "new messages" line whose newest message was on screen as well
    /// follows the newest from then on; one whose unread did not fit stays at the line.
    private func settleUnreadPosition(_ model: ChatModel) {
        guard scroll == .firstUnread, case .loaded = model.messages, shown.scroll == 0 else { return }
        scroll = .newest
        host?.markDirty(.everything)
    }
}
