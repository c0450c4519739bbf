import ChatCore
import ViewModels

/// Replies, edits, reactions and deletions from the chat page. Replying and editing go through
/// the input, which says what it answers or replaces until Enter sends or Esc cancels; reacting
/// is a choice and deleting a question, both opening on Cancel. The slash commands act on the
/// message being answered or edited, else the picked one, else the newest that fits.
extension ChatController {
    /// What the input's next Enter does besides posting.
    enum Composition: Hashable {
        /// Answers this message.
        case reply(to: ChatLine)
        /// Replaces the text of my message; `draft` is what the input held before, back on Esc.
        case edit(ChatLine, draft: String)

        var target: ChatLine {
            switch self {
            case .reply(let line), .edit(let line, _): return line
            }
        }
    }

    /// The emoji the reaction choice offers first.
    static let quickReactions = ["👍", "❤️", "😂", "🎉", "😮"]

    /// Enter in selection mode: the input answers the picked message.
    func startReply() {
        guard let line = shownList?.selectedLine else { return modal.alert = strings.shared.selectMessageFirst }
        leaveSelectionMode()
        cancelComposing()
        composing = .reply(to: line)
    }

    /// Ctrl-E in selection mode, or ↑ on the empty input: the input holds `line`'s text to change.
    func startEdit(_ line: ChatLine) {
        guard let list = shownList else { return }
        guard list.mayEdit(line) else { return modal.alert = strings.shared.editOnlyYours }
        leaveSelectionMode()
        cancelComposing()
        composing = .edit(line, draft: input.text)
        input.setText(Self.editableText(of: line.message))
        focus = .input
    }

    /// Esc while answering or editing: the input goes back to what it held.
    func cancelComposing() {
        if case .edit(_, let draft)? = composing { input.setText(draft) }
        composing = nil
    }

    /// Enter while answering or editing; true when it was stored.
    func sendComposed(_ text: String, _ composition: Composition) async -> Bool {
        guard let list = shownList else { return false }
        switch composition {
        case .reply(let line): return await list.reply(text, to: line)
        case .edit(let line, let draft):
            guard await list.edit(line, to: text) else { return false }
            // The draft typed before editing comes back once the edit is sent.
            input.setText(draft)
            return true
        }
    }

    /// `+` in selection mode: a choice of reactions, mine marked (choosing one takes it back).
    func askToReact() {
        guard let line = shownList?.selectedLine else { return modal.alert = strings.shared.selectMessageFirst }
        askToReact(to: line)
    }

    private func askToReact(to line: ChatLine) {
        guard let list = shownList else { return }
        let mine = Set(line.message.reactions.filter(\.mine).map(\.key))
        let keys = Self.quickReactions + mine.filter { !Self.quickReactions.contains($0) }.sorted()
        let choices = keys.map { key in
            Question.Choice(label: mine.contains(key) ? key + "✓" : key) { await list.toggleReaction(key, on: line) }
        }
        modal.question = Question(strings.askReact(messageTarget(line)), cancel: strings.cancel, choices: choices)
    }

    /// `d` or Del in selection mode: an unsent message of mine is discarded, any other deleted —
    /// mine, or anyone's by a moderator (the backend refuses the rest, in words).
    func askToDeletePicked() {
        guard let line = shownList?.selectedLine else { return modal.alert = strings.shared.selectMessageFirst }
        if line.isMine, line.message.delivery != .delivered { return askAboutUnsent(retry: false) }
        askToDelete(line)
    }

    private func askToDelete(_ line: ChatLine) {
        guard let list = shownList else { return }
        let target = line.isMine ? strings.yourMessage(Self.excerpt(line.message.content.summary)) : messageTarget(line)
        modal.ask(strings.askDelete(target), confirm: strings.deleteChoice, strings: strings) { await list.delete(line) }
    }

    // MARK: Slash commands (on what is shown: the chat, or the thread open over it)

    /// `/reply TEXT`: the message being answered, else the picked one, else the newest of others.
    func replyCommand(_ text: String) async {
        guard let list = shownList else { return }
        guard let line = composing.flatMap(replyTarget) ?? list.selectedLine ?? list.newestFromOthers else {
            return modal.alert = strings.shared.selectMessageFirst
        }
        if await list.reply(text, to: line) { finishCommand() }
    }

    /// `/edit TEXT`: the message being edited, else the picked one, else my last.
    func editCommand(_ text: String) async {
        guard let list = shownList else { return }
        let editing: ChatLine? = if case .edit(let line, _)? = composing { line } else { nil }
        guard let line = editing ?? list.selectedLine ?? list.lastEditableLine else {
            return modal.alert = strings.shared.editOnlyYours
        }
        if await list.edit(line, to: text) { finishCommand() }
    }

    /// `/react EMOJI`: toggles `key` on the picked message, else the one answered, else the
    /// newest of others; `/react` alone offers the choice.
    func reactCommand(_ key: String?) async {
        guard let list = shownList else { return }
        guard let line = list.selectedLine ?? composing.flatMap(replyTarget) ?? list.newestFromOthers else {
            return modal.alert = strings.shared.selectMessageFirst
        }
        guard let key else { return askToReact(to: line) }
        _ = await list.toggleReaction(key, on: line)
    }

    /// `/delete`: the picked message, else my last — asks first, naming it.
    func deleteCommand() {
        guard let list = shownList else { return }
        guard let line = list.selectedLine ?? list.lastEditableLine else { return modal.alert = strings.shared.selectMessageFirst }
        askToDelete(line)
    }

    /// `/me TEXT`: an action in the chat, or in the thread shown.
    func emoteCommand(_ text: String) async {
        if await shownList?.send(.emote(text)) == true { scroll = .newest }
    }

    /// Why a command that posts to the chat itself (an attachment) is not taken in a thread's
    /// view — it would land outside the thread the person is looking at; nil in the chat.
    func refusalInThread(_ usage: String) -> String? {
        thread == nil ? nil : strings.notInThread(usage)
    }

    /// `/file PATH`: any file as an attachment, read off the main actor; a refused or unreadable
    /// file sends nothing and says why.
    func sendFile(atPath path: String) async {
        if let refusal = refusalInThread("/file") { return modal.alert = refusal }
        guard let model else { return modal.alert = strings.notInCommunity }
        if let refusal = model.postingRefusal { return modal.alert = refusal }
        do {
            let upload = try await Task.detached { try FileUpload(readingAtPath: path) }.value
            if await model.sendFile(upload) { scroll = .newest }
        } catch {
            modal.alert = ErrorText.describe(error)
        }
    }

    private func replyTarget(_ composition: Composition) -> ChatLine? {
        if case .reply(let line) = composition { return line }
        return nil
    }

    /// A reply or edit made by command ends the answering or editing under way.
    private func finishCommand() {
        composing = nil
        scroll = .newest
    }

    /// The text an edit starts from: what the message says now.
    static func editableText(of message: Message) -> String {
        switch message.content {
        case .text(let text), .emote(let text), .notice(let text): return text
        default: return ""
        }
    }
}
