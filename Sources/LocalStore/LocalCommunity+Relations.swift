import ChatCore
import FoundationEssentials
import Storage

/// Replies, emotes, edits, reactions and deletions in the community file. The rules live inside
/// each write: the posting rule for everything that adds words or an emoji, only the sender edits,
/// the sender or a moderator deletes, nothing acts on a deleted message. Every
/// change of a stored message is logged in `message_changes` for the live feeds.
extension LocalCommunity: RelationsService {
    public func reply(_ text: String, to message: MessageID, in channel: ChannelID) async throws -> Message {
        let body = try MessageRules.text(text)
        return try await write { connection in
            let target = try self.writableChannel(channel, connection)
            let parent = try self.storedMessage(message, in: target.channel, connection)
            return try self.insertMessage(in: target.channel, from: target.sender, body: body, image: nil, replyTo: parent.id, connection)
        }
    }

    public func sendEmote(_ text: String, to channel: ChannelID) async throws -> Message {
        let body = try MessageRules.text(text)
        return try await write { connection in
            let target = try self.writableChannel(channel, connection)
            return try self.insertMessage(in: target.channel, from: target.sender, body: body, image: nil, kind: "emote", connection)
        }
    }

    public func edit(_ message: MessageID, in channel: ChannelID, to text: String) async throws {
        let body = try MessageRules.text(text)
        try await write { connection in
            let target = try self.writableChannel(channel, connection)
            let stored = try self.storedMessage(message, in: target.channel, connection)
            guard stored.sender == target.sender.key else { throw ChatError.invalidInput("Only its sender can edit a message.") }
            guard !stored.isImage else { throw ChatError.invalidInput("An image cannot be edited.") }
            try connection.run("UPDATE messages SET body = ?, edited_at = ? WHERE id = ?",
                               [.text(body), .real(Date().timeIntervalSince1970), .integer(stored.id)])
            try Self.logChange(of: stored.id, connection)
        }
    }

    public func react(to message: MessageID, in channel: ChannelID, with key: String) async throws {
        let key = try ReactionRule.key(key)
        try await write { connection in
            let target = try self.writableChannel(channel, connection)
            let stored = try self.storedMessage(message, in: target.channel, connection)
            let added = try connection.run("INSERT OR IGNORE INTO reactions(message_id, user_id, key, created_at) VALUES (?, ?, ?, ?)",
                                           [.integer(stored.id), .integer(target.sender.key), .text(key), .real(Date().timeIntervalSince1970)])
            if added > 0 { try Self.logChange(of: stored.id, connection) }
        }
    }

    /// Takes the viewer's reaction back: only their own row goes, whoever else reacted alike.
    public func removeReaction(_ key: String, from message: MessageID, in channel: ChannelID) async throws {
        let key = try ReactionRule.key(key)
        try await write { connection in
            let account = try self.requireMember(connection)
            let stored = try self.storedMessage(message, in: try self.visibleChannel(channel, connection), connection)
            let removed = try connection.run("DELETE FROM reactions WHERE message_id = ? AND user_id = ? AND key = ?",
                                             [.integer(stored.id), .integer(account.key), .text(key)])
            if removed > 0 { try Self.logChange(of: stored.id, connection) }
        }
    }

    public func delete(_ message: MessageID, in channel: ChannelID) async throws {
        try await write { connection in
            let account = try self.requireMember(connection)
            let stored = try self.storedMessage(message, in: try self.visibleChannel(channel, connection), connection)
            let deletion: Int
            if stored.sender == account.key {
                deletion = MessageDeletion.bySender
            } else if try self.access.mayModerate(account, connection) {
                deletion = MessageDeletion.byModerator
            } else {
                throw ChatError.forbidden("Only its sender or a moderator can delete a message.")
            }
            // Nothing of it is kept: text, picture, edits and reactions go; the row stays as the placeholder.
            let image = try connection.scalar("SELECT image_id FROM messages WHERE id = ?", [.integer(stored.id)])
            try connection.run("UPDATE messages SET deleted = ?, body = '', image_id = NULL, edited_at = NULL WHERE id = ?",
                               [.integer(Int64(deletion)), .integer(stored.id)])
            if let image = image.int64 { try connection.run("DELETE FROM images WHERE id = ?", [.integer(image)]) }
            try connection.run("DELETE FROM reactions WHERE message_id = ?", [.integer(stored.id)])
            try Self.logChange(of: stored.id, connection)
        }
    }

    /// A message of `channel` that is not deleted; otherwise `.noSuchMessage`.
    private func storedMessage(_ id: MessageID, in channel: Channel, _ connection: Connection) throws -> (id: Int64, sender: Int64, isImage: Bool) {
        guard let key = CommunitySQL.key(id.raw),
              let row = try connection.queryRow("SELECT sender_id, image_id FROM messages WHERE id = ? AND channel_id = ? AND deleted = 0",
                                                [.integer(key), .integer(CommunitySQL.key(channel.id.raw) ?? 0)]) else {
            throw ChatError.noSuchMessage
        }
        return (key, row["sender_id"].int64 ?? 0, !row["image_id"].isNull)
    }

    static func logChange(of message: Int64, _ connection: Connection) throws {
        try connection.run("INSERT INTO message_changes(message_id) VALUES (?)", [.integer(message)])
    }
}

/// What `messages.deleted` holds (schema steps 7 and 9): who deleted the message.
enum MessageDeletion {
    static let bySender = 1
    static let byModerator = 2
}
