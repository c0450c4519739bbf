import ChatCore
import FoundationEssentials

/// Adding relations: replies, emotes, edits and reactions go through the outbox like any post, so
/// an encrypted room gets them encrypted and a retry sends them once; deletions (redactions, which
/// Matrix never encrypts and which carry no words) are sent at once. Every one but a deletion
/// passes the posting rule.
extension MatrixService: RelationsService {
    public func reply(_ text: String, to message: MessageID, in channel: ChannelID) async throws -> Message {
        let active = try member()
        let body = try Self.nonEmpty(text)
        let parent = try await reference(message, in: channel, active)
        var content = MessageEventContent.typed(body)
        content.relatesTo = .object(["m.in_reply_to": .object(["event_id": .string(parent.eventID)])])
        return try await post(content, to: channel.raw, active)
    }

    public func sendEmote(_ text: String, to channel: ChannelID) async throws -> Message {
        let active = try member()
        return try await post(.typed(.emote(try Self.nonEmpty(text))), to: channel.raw, active)
    }

    public func edit(_ message: MessageID, in channel: ChannelID, to text: String) async throws {
        let active = try member()
        let body = try Self.nonEmpty(text)
        try await checkPermission(channel, active)
        let target = try await reference(message, in: channel, active)
        guard target.sender == active.userID else { throw ChatError.invalidInput("Only its sender can edit a message.") }
        let new = MessageEventContent.typed(body)
        var content = MessageEventContent.typed("* " + body)
        content.newContent = new.asNewContent
        content.relatesTo = .object(["rel_type": .string(RelationType.edit), "event_id": .string(target.eventID)])
        try await sendRelation(content, in: channel, active)
    }

    public func react(to message: MessageID, in channel: ChannelID, with key: String) async throws {
        let active = try member()
        let key = try ReactionRule.key(key)
        try await checkPermission(channel, active)
        let target = try await reference(message, in: channel, active)
        if try await mapped({ try await active.cache.reaction(key, by: active.userID, to: target.eventID) }) != nil { return }
        do {
            try await sendRelation(OutboxEntry.reaction(to: target.eventID, key: key), in: channel, active)
        } catch ChatError.server("M_DUPLICATE_ANNOTATION", _) {
            // Already there (the cache had not seen it yet): reacting twice changes nothing.
        }
    }

    /// Takes my reaction back by redacting it; a reaction I never gave changes nothing.
    public func removeReaction(_ key: String, from message: MessageID, in channel: ChannelID) async throws {
        let active = try member()
        let key = try ReactionRule.key(key)
        let target = try await reference(message, in: channel, active)
        guard let reaction = try await mapped({ try await active.cache.reaction(key, by: active.userID, to: target.eventID) }) else { return }
        try await mapped {
            let redaction = try await active.client.redact(reaction, in: channel.raw, transactionID: TransactionID.make())
            // Applied at once, as the echo will be: a script's next read no longer counts it.
            if try await active.cache.applyOwnRedaction(redaction, of: reaction, in: channel.raw, by: active.userID),
               let changed = try await active.cache.event(target.eventID) {
                hub.publish(.messageUpdated(DomainMapping.message(changed)))
            }
        }
    }

    public func delete(_ message: MessageID, in channel: ChannelID) async throws {
        let active = try member()
        let target = try await reference(message, in: channel, active)
        if target.redacted { return }
        if target.sender != active.userID {
            let levels = try await mapped { try await active.cache.room(channel.raw)?.powerLevels }
            guard levels?.canRedactOthers(active.userID) == true else {
                throw ChatError.invalidInput("Only its sender or a moderator can delete a message.")
            }
        }
        _ = try await mapped { try await active.client.redact(target.eventID, in: channel.raw, transactionID: TransactionID.make()) }
    }

    /// Writes an edit or a reaction to the outbox and gives it its first attempt, as `post` does
    /// for messages (the outbox encrypts it in an encrypted room). It shows on the message it
    /// changes once delivered; a refusal throws and is not kept; unreachable, it stays in the
    /// outbox to be sent with the next pass, and the caller hears so (`offline`).
    private func sendRelation(_ content: MessageEventContent, in channel: ChannelID, _ active: Active) async throws {
        try await mapped {
            if try await learnState(of: channel.raw, active) { try await checkPermission(channel, active) }
            let entry = try await active.cache.enqueue(content, to: channel.raw, transactionID: TransactionID.make(), at: Date())
            await active.outbox.drain()
            guard let left = try await active.cache.outboxEntry(entry.transactionID) else { return }
            guard let failure = left.failure else {
                throw ChatError.offline("the homeserver could not be reached; it is kept in the outbox and sent later")
            }
            _ = try await active.cache.discardOutbox(entry.transactionID)
            throw active.outbox.refusal(of: entry.transactionID) ?? ChatError.badResponse(failure)
        }
    }

    /// The delivered event behind `message`: from the cache, else asked of the server (an id a
    /// script got from `read --json` elsewhere). A message still in the outbox cannot be acted on yet.
    private func reference(_ message: MessageID, in channel: ChannelID, _ active: Active) async throws -> EventReference {
        try await mapped {
            if let cached = try await active.cache.reference(message.raw, in: channel.raw) { return cached }
            if try await active.cache.outboxEntry(message.raw) != nil {
                throw ChatError.invalidInput("That message is not delivered yet.")
            }
            guard message.raw.hasPrefix("$") else { throw ChatError.noSuchMessage }
            do {
                let event = try await active.client.event(message.raw, in: channel.raw)
                return EventReference(eventID: message.raw, sender: event.sender, redacted: event.isRedacted)
            } catch MatrixError.api(404, _, _, _) {
                throw ChatError.noSuchMessage
            }
        }
    }

    static func nonEmpty(_ text: String) throws -> String {
        guard !text.trimmingWhitespaceAndNewlines().isEmpty else { throw ChatError.invalidInput("An empty message is not sent.") }
        return text
    }
}
