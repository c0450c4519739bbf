import ChatCore
import FoundationEssentials
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
            let replies = try Self.replies(of: rootKey, before: nil, limit: limit, viewer: viewer, connection)
            return MessageThread(root: try CommunitySQL.message(rootRow, connection), replies: replies.messages, older: replies.next)
        }
    }

    public func olderThreadReplies(_ root: MessageID, in channel: ChannelID, before token: PageToken, limit: Int) async throws -> MessagePage {
        guard let before = CommunitySQL.key(token.raw) else { throw ChatError.invalidInput("Bad page token.") }
        let viewer = state.viewerKey
        return try await read { connection in
            let channelKey = try CommunitySQL.key(self.visibleChannel(channel, connection).id.raw) ?? 0
            let rootKey = try Self.threadRoot(of: root, in: channelKey, connection)
            return try Self.replies(of: rootKey, before: before, limit: limit, viewer: viewer, connection)
        }
    }

    public func replyInThread(_ words: Words, root: MessageID, quoting: MessageID?, in channel: ChannelID) async throws -> Message {
        let body = try MessageRules.text(words.text)
        return try await write { connection in
            let target = try self.writableChannel(channel, connection)
            let channelKey = CommunitySQL.key(target.channel.id.raw) ?? 0
            let rootKey = try Self.threadRoot(of: root, in: channelKey, connection)
            let started = try connection.queryRow("""
                SELECT deleted, EXISTS (SELECT 1 FROM messages WHERE thread_root = ?1) AS has_replies FROM messages WHERE id = ?1
                """, [.integer(rootKey)])
            if started?["deleted"].int != 0, started?["has_replies"].int != 1 { throw ChatError.invalidInput("A deleted message starts no thread.") }
            let quoted = try quoting.map { try Self.quotable($0, inThread: rootKey, of: channelKey, connection) }
            let kind = if case .emote = words { "emote" } else { "text" }
            let message = try self.insertMessage(in: target.channel, from: target.sender, body: body, image: nil, kind: kind,
                                                 replyTo: quoted, threadRoot: rootKey, connection)
            // Posting in a thread means having read it up to here, as posting in a channel does.
            try Self.markThread(rootKey, readBy: target.sender.key, connection)
            try Self.logChange(of: rootKey, connection)
            return message
        }
    }

    public func markThreadRead(_ root: MessageID, in channel: ChannelID) async throws {
        let viewer = state.viewerKey
        // A guest keeps no markers in the file: every reply stays counted, as for a new member.
        guard viewer > 0 else { return }
        try await write { connection in
            let channelKey = try CommunitySQL.key(self.visibleChannel(channel, connection).id.raw) ?? 0
            let rootKey = try Self.threadRoot(of: root, in: channelKey, connection)
            // Only a marker that moved changes the root as its reader sees it.
            if try Self.markThread(rootKey, readBy: viewer, connection) { try Self.logChange(of: rootKey, connection) }
        }
    }

    /// Moves `reader`'s marker of the thread `root` to its newest reply (never back); true when it moved.
    @discardableResult
    private static func markThread(_ root: Int64, readBy reader: Int64, _ connection: Connection) throws -> Bool {
        guard let newest = try connection.scalar("SELECT max(id) FROM messages WHERE thread_root = ?", [.integer(root)]).int64 else { return false }
        return try connection.run("""
            INSERT INTO thread_reads(user_id, root_id, last_read_id) VALUES (?1, ?2, ?3)
            ON CONFLICT(user_id, root_id) DO UPDATE SET last_read_id = excluded.last_read_id WHERE excluded.last_read_id > last_read_id
            """, [.integer(reader), .integer(root), .integer(newest)]) > 0
    }

    /// Keyset paging on the reply's id through the thread's partial index: the newest `limit`
    /// replies before `before`, asking for one more row to know whether older ones remain.
    private static func replies(of root: Int64, before: Int64?, limit: Int, viewer: Int64, _ connection: Connection) throws -> MessagePage {
        let limit = max(1, limit)
        let rows = try connection.query("""
            \(CommunitySQL.message) WHERE m.thread_root = ?2 AND m.id < ?3 AND \(CommunitySQL.notBlocked) ORDER BY m.id DESC LIMIT ?4
            """, [.integer(viewer), .integer(root), .integer(before ?? Int64.max), .integer(Int64(limit + 1))])
        let messages = try rows.prefix(limit).reversed().map { try CommunitySQL.message($0, connection) }
        let next: Paging = rows.count > limit ? .haveMore(PageToken(messages.first?.id.raw ?? "0")) : .done
        return MessagePage(messages: messages, next: next)
    }

    /// The thread `message` starts, or the one it is a reply in: threads are one level deep.
    private static func threadRoot(of message: MessageID, in channel: Int64, _ connection: Connection) throws -> Int64 {
        guard let key = CommunitySQL.key(message.raw),
              let row = try connection.queryRow("SELECT thread_root FROM messages WHERE id = ? AND channel_id = ?",
                                                [.integer(key), .integer(channel)]) else { throw ChatError.noSuchMessage }
        return row["thread_root"].int64 ?? key
    }

    /// A message a reply in the thread `root` may answer: the root or one of its replies, not deleted.
    private static func quotable(_ message: MessageID, inThread root: Int64, of channel: Int64, _ connection: Connection) throws -> Int64 {
        guard let key = CommunitySQL.key(message.raw),
              try connection.queryRow("""
                  SELECT 1 FROM messages WHERE id = ?1 AND channel_id = ?2 AND deleted = 0 AND (id = ?3 OR thread_root = ?3)
                  """, [.integer(key), .integer(channel), .integer(root)]) != nil else { throw ChatError.noSuchMessage }
        return key
    }
}
