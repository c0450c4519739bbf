import ChatCore

/// Replies, actions, edits, reactions and deletions from a chat, on the line the front end
/// names (picked, or my last message), by the rules of `MessageActions`. Edits, reactions and
/// deletions show when the backend's live event says they happened, so what is drawn is what
/// was stored.
extension ChatModel: MessageList {
    public func mayEdit(_ line: ChatLine) -> Bool { MessageActions.mayEdit(line) }

    /// My newest message here that I may edit (↑ on an empty input), if any.
    public var lastEditableLine: ChatLine? {
        timeline.lines.last { mayEdit($0) }
    }

    public var newestFromOthers: ChatLine? { LineSelection.newestFromOthers(in: timeline.lines) }

    public var lines: Loadable<[ChatLine]> { messages }

    /// Posts text, or an action (`/me TEXT`, shown as `* Nick TEXT`).
    @discardableResult
    public func send(_ words: Words) async -> Bool {
        switch words {
        case .text(let text): return await send(text)
        case .emote(let text): return await sendEmote(text)
        }
    }

    /// Answers `line` with `text`.
    @discardableResult
    public func reply(_ text: String, to line: ChatLine) async -> Bool {
        settle(await actions.run { relations, channel in
            self.showPosted(try await relations.reply(text, to: line.id, in: channel))
        })
    }

    /// `/me TEXT`: posts an action, shown as `* Nick TEXT`.
    @discardableResult
    public func sendEmote(_ text: String) async -> Bool {
        settle(await actions.run { relations, channel in self.showPosted(try await relations.sendEmote(text, to: channel)) })
    }

    /// Replaces the text of `line` (the viewer's own).
    @discardableResult
    public func edit(_ line: ChatLine, to text: String) async -> Bool {
        settle(await actions.edit(line, to: text))
    }

    /// Reacts to `line` with `key`, or takes my reaction with that key back.
    @discardableResult
    public func toggleReaction(_ key: String, on line: ChatLine) async -> Bool {
        settle(await actions.toggleReaction(key, on: line))
    }

    /// Deletes `line` (the front end asks first, naming it).
    @discardableResult
    public func delete(_ line: ChatLine) async -> Bool {
        settle(await actions.delete(line))
    }

    var actions: MessageActions {
        MessageActions(service: service, strings: strings, viewer: viewer, postingRefusal: postingRefusal, channel: channelID)
    }

    /// True when done; else the refusal is the chat's alert.
    func settle(_ refusal: String?) -> Bool {
        refusal.map(refuse) ?? true
    }
}
