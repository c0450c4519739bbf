import ChatCore
import Foundation
import Storage

/// Threads in the community file: a reply names its root in `messages.thread_root` (schema step
/// 10), the chat's pages leave it out, and the root's change is logged so every live feed shows
/// the new count.
extension LocalCommunity: ThreadsService {
    public func thread(_ root: MessageID, in channel: ChannelID, limit: Int) async throws -> MessageThread {
        let viewer = state.viewerKey
        return try await read { connection in
            let channelKey = try CommunitySQL.key(self.visibleChannel(channel, connection).id.raw) ?? 0
            let rootKey = try Self.threadRoot(of: root, in: channelKey, connection)
            guard let rootRow = try connection.queryRow("\(CommunitySQL.message) WHERE m.id = ?2 AND \(CommunitySQL.notBlocked)",
                                                        [.integer(viewer), .integer(rootKey)]) else { throw ChatError.noSuchMessage }
            let rows = try connection.query("""
                \(CommunitySQL.message) WHERE m.thread_root = ?2 AND \(CommunitySQL.notBlocked) ORDER BY m.id DESC LIMIT ?3
                """, [.integer(viewer), .integer(rootKey), .integer(Int64(max(1, limit)))])
            return MessageThread(root: try CommunitySQL.message(rootRow, connection),
                                 replies: try rows.reversed().map { try CommunitySQL.message($0, connection) })
        }
    }

    public func replyInThread(_ text: String, root: MessageID, in channel: ChannelID) async throws -> Message {
        let body = try MessageRules.text(text)
        return try await write { connection in
            let target = try self.writableChannel(channel, connection)
            let rootKey = try Self.threadRoot(of: root, in: CommunitySQL.key(target.channel.id.raw) ?? 0, connection)
            let started = try connection.queryRow("""
                SELECT deleted, EXISTS (SELECT 1 FROM messages WHERE thread_root = ?1) AS has_replies FROM messages WHERE id = ?1
                """, [.integer(rootKey)])
            if started?["deleted"].int != 0, started?["has_replies"].int != 1 { throw ChatError.invalidInput("A deleted message starts no thread.") }
            let message = try self.insertMessage(in: target.channel, from: target.sender, body: body, image: nil, threadRoot: rootKey, connection)
            try Self.logChange(of: rootKey, connection)
            return message
        }
    }

    /// The thread `message` starts, or the one it is a reply in: threads are one level deep.
    private static func threadRoot(of message: MessageID, in channel: Int64, _ connection: Connection) throws -> Int64 {
        guard let key = CommunitySQL.key(message.raw),
              let row = try connection.queryRow("SELECT thread_root FROM messages WHERE id = ? AND channel_id = ?",
                                                [.integer(key), .integer(channel)]) else { throw ChatError.noSuchMessage }
        return row["thread_root"].int64 ?? key
    }
}
