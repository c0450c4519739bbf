import ChatCore
import Foundation

/// Adding relations: replies and emotes are messages and go through the outbox like any post;
/// edits, reactions and deletions are sent at once with a fresh transaction id and fail loudly.
/// Every one but a deletion passes the posting rule, so an encrypted room never gets plaintext.
extension MatrixService: RelationsService {
    public func reply(_ text: String, to message: MessageID, in channel: ChannelID) async throws -> Message {
        let active = try member()
        let body = try Self.nonEmpty(text)
        let parent = try await reference(message, in: channel, active)
        var content = MessageEventContent(msgtype: "m.text", body: body)
        content.relatesTo = .object(["m.in_reply_to": .object(["event_id": .string(parent.eventID)])])
        return try await post(content, to: channel.raw, active)
    }

    public func sendEmote(_ text: String, to channel: ChannelID) async throws -> Message {
        let active = try member()
        return try await post(MessageEventContent(msgtype: "m.emote", body: try Self.nonEmpty(text)), to: channel.raw, active)
    }

    public func edit(_ message: MessageID, in channel: ChannelID, to text: String) async throws {
        let active = try member()
        let body = try Self.nonEmpty(text)
        try await checkPermission(channel, active)
        try await refuseIfEncrypted(channel, active)
        let target = try await reference(message, in: channel, active)
        guard target.sender == active.userID else { throw ChatError.invalidInput("Only its sender can edit a message.") }
        var content = MessageEventContent(msgtype: "m.text", body: "* " + body)
        content.newContent = .object(["msgtype": .string("m.text"), "body": .string(body)])
        content.relatesTo = .object(["rel_type": .string(RelationType.edit), "event_id": .string(target.eventID)])
        _ = try await mapped { try await active.client.sendEvent("m.room.message", content, to: channel.raw, transactionID: TransactionID.make()) }
    }

    public func react(to message: MessageID, in channel: ChannelID, with key: String) async throws {
        let active = try member()
        let key = try ReactionRule.key(key)
        try await checkPermission(channel, active)
        try await refuseIfEncrypted(channel, active)
        let target = try await reference(message, in: channel, active)
        if try await mapped({ try await active.cache.hasReaction(key, by: active.userID, to: target.eventID) }) { return }
        let content = JSONValue.object(["m.relates_to": .object([
            "rel_type": .string(RelationType.reaction), "event_id": .string(target.eventID), "key": .string(key),
        ])])
        do {
            _ = try await active.client.sendEvent(MatrixCache.reactionType, content, to: channel.raw, transactionID: TransactionID.make())
        } catch MatrixError.api(_, "M_DUPLICATE_ANNOTATION", _, _) {
            // Already there (the cache had not seen it yet): reacting twice changes nothing.
        } catch {
            _ = try await mapped { throw error }
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

    /// Edits and reactions are sent at once, not through the outbox that encrypts, so an
    /// encrypted room refuses them rather than get them in plaintext.
    private func refuseIfEncrypted(_ channel: ChannelID, _ active: Active) async throws {
        let encrypted = try await mapped { try await active.cache.room(channel.raw)?.encrypted ?? false }
        if encrypted { throw ChatError.denied(.encryptedRoom) }
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

    private static func nonEmpty(_ text: String) throws -> String {
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw ChatError.invalidInput("An empty message is not sent.") }
        return text
    }
}
