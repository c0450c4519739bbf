import ChatCore

/// Replies, actions, edits, reactions and deletions from a chat, on the selected message where
/// there is one. Guests and a greyed-out input are refused as posting is; a backend without
/// relations says so. Edits, reactions and deletions show when the backend's live event says
/// they happened, so what is drawn is what was stored.
extension ChatModel {
    /// `/reply TEXT`: answers the selected message.
    @discardableResult
    public func replyToSelected(_ text: String) async -> Bool {
        guard let line = selectedLine else { return refuse(strings.selectMessageFirst) }
        return await act { relations, channel in
            self.showPosted(try await relations.reply(text, to: line.id, in: channel))
        }
    }

    /// `/me TEXT`: posts an action, shown as `* Nick TEXT`.
    @discardableResult
    public func sendEmote(_ text: String) async -> Bool {
        await act { relations, channel in self.showPosted(try await relations.sendEmote(text, to: channel)) }
    }

    /// `/edit TEXT`: replaces the text of the selected message (the viewer's own).
    @discardableResult
    public func editSelected(_ text: String) async -> Bool {
        guard let line = selectedLine else { return refuse(strings.selectMessageFirst) }
        return await act { relations, channel in try await relations.edit(line.id, in: channel, to: text) }
    }

    /// `/react EMOJI`: reacts to the selected message.
    @discardableResult
    public func reactToSelected(_ key: String) async -> Bool {
        guard let line = selectedLine else { return refuse(strings.selectMessageFirst) }
        return await act { relations, channel in try await relations.react(to: line.id, in: channel, with: key) }
    }

    /// Takes back my reaction `key` on the selected message (taking back changes no one else's).
    @discardableResult
    public func removeReactionFromSelected(_ key: String) async -> Bool {
        guard let line = selectedLine else { return refuse(strings.selectMessageFirst) }
        return await act(posting: false) { relations, channel in try await relations.removeReaction(key, from: line.id, in: channel) }
    }

    /// `/react EMOJI` on a message I already reacted to with it takes it back, as a tap on a
    /// reaction does in phone messengers; otherwise it adds it.
    @discardableResult
    public func toggleReactionOnSelected(_ key: String) async -> Bool {
        guard let line = selectedLine else { return refuse(strings.selectMessageFirst) }
        let trimmed = key.trimmingCharacters(in: .whitespacesAndNewlines)
        if line.message.reactions.contains(where: { $0.key == trimmed && $0.mine }) { return await removeReactionFromSelected(trimmed) }
        return await reactToSelected(key)
    }

    /// Deletes the selected message (the front end asks first, naming it).
    @discardableResult
    public func deleteSelected() async -> Bool {
        guard let line = selectedLine else { return refuse(strings.selectMessageFirst) }
        // Deleting adds nothing, so a greyed-out input (an encrypted room) does not stop it.
        return await act(posting: false) { relations, channel in try await relations.delete(line.id, in: channel) }
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
