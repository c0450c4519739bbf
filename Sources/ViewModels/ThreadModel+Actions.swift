import ChatCore

/// Picking a line of a thread's view and acting on it with the chat's keys and rules
/// (`LineSelection`, `MessageActions`): a reply made here goes into the thread, answering the
/// picked line.
extension ThreadModel: MessageList {
    /// The picked line, if it is still shown.
    public var selectedLine: ChatLine? {
        guard let selection else { return nil }
        if let root, root.message.isNamed(selection) { return root }
        return replies.line(selection)
    }

    public var lastEditableLine: ChatLine? { shownLines.last { mayEdit($0) } }

    public var newestFromOthers: ChatLine? { LineSelection.newestFromOthers(in: shownLines) }

    public func selectOlder() {
        if let older = LineSelection.older(than: selection, in: shownLines) { select(older) }
    }

    public func selectNewer() {
        guard selection != nil else { return }
        select(LineSelection.newer(than: selection, in: shownLines))
    }

    public func selectEnd(newest: Bool) {
        if let line = LineSelection.end(newest: newest, in: shownLines) { select(line) }
    }

    public func select(_ id: MessageID?) {
        let id = id.flatMap { id in shownLines.first { $0.message.isNamed(id) }?.id }
        guard id != selection else { return }
        selection = id
        changes.publish()
    }

    public func mayEdit(_ line: ChatLine) -> Bool { MessageActions.mayEdit(line) }

    /// Posts text or an action (`/me`) in the thread, answering nothing in particular.
    @discardableResult
    public func send(_ words: Words) async -> Bool {
        await post(words, quoting: nil)
    }

    /// Answers `line` inside the thread.
    @discardableResult
    public func reply(_ text: String, to line: ChatLine) async -> Bool {
        if let refusal = actions.refusal(posting: true) { return refuse(refusal) }
        return await post(.text(text), quoting: line)
    }

    @discardableResult
    public func edit(_ line: ChatLine, to text: String) async -> Bool {
        settle(await actions.edit(line, to: text))
    }

    @discardableResult
    public func toggleReaction(_ key: String, on line: ChatLine) async -> Bool {
        settle(await actions.toggleReaction(key, on: line))
    }

    @discardableResult
    public func delete(_ line: ChatLine) async -> Bool {
        settle(await actions.delete(line))
    }

    var shownLines: [ChatLine] { lines.value ?? [] }

    var actions: MessageActions {
        MessageActions(service: service, strings: strings, viewer: viewer, postingRefusal: postingRefusal(), channel: channelID)
    }

    func settle(_ refusal: String?) -> Bool {
        refusal.map(refuse) ?? true
    }
}
