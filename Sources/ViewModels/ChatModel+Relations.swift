import ChatCore

/// Replies, actions, edits, reactions and deletions from a chat, on the line the front end
/// names (picked, or my last message). Guests and a greyed-out input are refused as posting is; a
/// backend without relations says so. Edits, reactions and deletions show when the backend's
/// live event says they happened, so what is drawn is what was stored.
extension ChatModel {
    /// May the viewer edit `line`: their own text or action, stored (an unsent one is resent or
    /// discarded instead). The backend decides again; this keeps the keys from offering what it
    /// would refuse.
    public func mayEdit(_ line: ChatLine) -> Bool {
        guard line.isMine, line.message.delivery == .delivered else { return false }
        switch line.message.content {
        case .text, .emote: return true
        default: return false
        }
    }

    /// My newest message here that I may edit (↑ on an empty input), if any.
    public var lastEditableLine: ChatLine? {
        timeline.lines.last { mayEdit($0) }
    }

    /// The newest message of someone else (what `/reply` and `/react` answer with none picked).
    public var newestFromOthers: ChatLine? {
        timeline.lines.last { !$0.isMine && !$0.message.isDeleted && !$0.message.content.isRoomChange }
    }

    /// Answers `line` with `text`.
    @discardableResult
    public func reply(_ text: String, to line: ChatLine) async -> Bool {
        await act { relations, channel in
            self.showPosted(try await relations.reply(text, to: line.id, in: channel))
        }
    }

    /// `/me TEXT`: posts an action, shown as `* Nick TEXT`.
    @discardableResult
    public func sendEmote(_ text: String) async -> Bool {
        await act { relations, channel in self.showPosted(try await relations.sendEmote(text, to: channel)) }
    }

    /// Replaces the text of `line` (the viewer's own).
    @discardableResult
    public func edit(_ line: ChatLine, to text: String) async -> Bool {
        guard mayEdit(line) else { return refuse(strings.editOnlyYours) }
        return await act { relations, channel in try await relations.edit(line.id, in: channel, to: text) }
    }

    /// Reacts to `line` with `key`; a reaction of mine with that key is taken back instead, as a
    /// tap on a reaction does in phone messengers.
    @discardableResult
    public func toggleReaction(_ key: String, on line: ChatLine) async -> Bool {
        let key = key.trimmingCharacters(in: .whitespacesAndNewlines)
        if line.message.reactions.contains(where: { $0.key == key && $0.mine }) {
            // Taking back adds nothing, so a greyed-out input does not stop it.
            return await act(posting: false) { relations, channel in try await relations.removeReaction(key, from: line.id, in: channel) }
        }
        return await act { relations, channel in try await relations.react(to: line.id, in: channel, with: key) }
    }

    /// Deletes `line` (the front end asks first, naming it): mine, or anyone's for a moderator —
    /// the backend decides and says so when it refuses.
    @discardableResult
    public func delete(_ line: ChatLine) async -> Bool {
        // Deleting adds nothing, so a greyed-out input (an encrypted room) does not stop it.
        await act(posting: false) { relations, channel in try await relations.delete(line.id, in: channel) }
    }

    /// The common checks, then `body`; a failure is an alert and changes nothing.
    private func act(posting: Bool = true, _ body: @MainActor (any RelationsService, ChannelID) async throws -> Void) async -> Bool {
        if case .denied(let denial) = PostingRule.memberPermission(for: viewer) { return refuse(strings.denial(denial)) }
        if posting, let refusal = postingRefusal { return refuse(refusal) }
        guard let relations = service as? any RelationsService else { return refuse(strings.relationsUnavailable) }
        guard let channelID else { return refuse(strings.sayHelloFirst) }
        do {
            try await body(relations, channelID)
            return true
        } catch {
            return refuse(strings.error(error))
        }
    }
}
