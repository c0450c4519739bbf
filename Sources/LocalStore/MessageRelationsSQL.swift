import ChatCore
import FoundationEssentials
import Storage

/// How the community reads a message's relations, in the one message query every read uses
/// (`CommunitySQL.message`), and maps them. `?1` is the viewer: their reactions are "mine", and
/// a blocked person's reactions and quoted messages are left out.
enum MessageRelationsSQL {
    static let columns = """
        m.reply_to, m.edited_at, m.deleted, m.kind, m.thread_root,
               p.body AS parent_body, p.deleted AS parent_deleted, p.image_id AS parent_image, pi.kind AS parent_kind, pi.file_name AS parent_file,
               COALESCE(p.sender_nickname, pu.nickname) AS parent_nickname,
               CASE WHEN m.thread_root IS NULL THEN (SELECT count(*) FROM messages t WHERE t.thread_root = m.id AND t.deleted = 0
                    AND t.sender_id NOT IN (SELECT blocked_id FROM blocks WHERE blocker_id = ?1)) END AS thread_replies,
               CASE WHEN m.thread_root IS NULL THEN (SELECT count(*) FROM messages t WHERE t.thread_root = m.id AND t.deleted = 0
                    AND t.id > coalesce((SELECT last_read_id FROM thread_reads WHERE user_id = ?1 AND root_id = m.id),
                                        (SELECT message_id FROM thread_reads_start))
                    AND t.sender_id != ?1 AND t.sender_id NOT IN (SELECT blocked_id FROM blocks WHERE blocker_id = ?1)) END AS thread_unread,
               CASE WHEN m.reply_to IS NOT NULL THEN p.sender_id IN (SELECT blocked_id FROM blocks WHERE blocker_id = ?1) END AS parent_hidden,
               CASE WHEN EXISTS (SELECT 1 FROM reactions WHERE message_id = m.id) THEN
               (SELECT json_group_array(json_array(key, n, mine)) FROM (
                    SELECT key, count(*) AS n, max(user_id = ?1) AS mine, min(id) AS first FROM reactions
                    WHERE message_id = m.id AND user_id NOT IN (SELECT blocked_id FROM blocks WHERE blocker_id = ?1)
                    GROUP BY key ORDER BY first)) END AS reactions_json
        """
    // The EXISTS (one index probe) keeps a page of messages nobody reacted to as cheap as before.
    static let joins = """
        LEFT JOIN messages p ON p.id = m.reply_to LEFT JOIN users pu ON pu.id = p.sender_id LEFT JOIN images pi ON pi.id = p.image_id
        """

    /// `message` with the relations its row carries.
    static func resolved(_ message: Message, _ row: Row) -> Message {
        var message = message
        // Before the deletion: a deleted root still leads to its thread, a deleted reply stays in it.
        if let root = row["thread_root"].int64 {
            message.thread = .reply(root: MessageID(String(root)))
        } else if let replies = row["thread_replies"].int, replies > 0 {
            message.thread = .root(replyCount: replies, unread: row["thread_unread"].int ?? 0)
        }
        // Step 9: 1 deleted by its sender, 2 by a moderator.
        if let deleted = row["deleted"].int, deleted != 0 {
            message.content = .deleted(byModerator: deleted == MessageDeletion.byModerator)
            return message
        }
        if row["kind"].string == "emote", case .text(let body) = message.content { message.content = .emote(body) }
        // The community keeps what was typed; its Markdown is drawn as the same spans Matrix HTML gives.
        if case .text(let body) = message.content, message.omittedBytes == 0 { message.formatted = MarkdownText.formatted(body) }
        message.editedAt = row["edited_at"].double.map(Date.init(timeIntervalSince1970:))
        message.reactions = reactions(row["reactions_json"].string)
        if let parent = row["reply_to"].int64 {
            message.replyTo = ReplySummary(parentID: MessageID(String(parent)), parent: self.parent(row))
        }
        return message
    }

    private static func parent(_ row: Row) -> ReplySummary.Parent {
        guard let nickname = row["parent_nickname"].string, row["parent_hidden"].int != 1 else { return .unavailable }
        if (row["parent_deleted"].int ?? 0) != 0 { return .deleted(senderNickname: nickname) }
        // An attachment is quoted as its kind and name, as lists show it ("[file] notes.pdf").
        let body = row["parent_image"].isNull ? row["parent_body"].string ?? ""
            : "[\(row["parent_kind"].string ?? "image")] \(row["parent_file"].string ?? "")"
        return .message(senderNickname: nickname, firstLine: ReplySummary.firstLine(of: body))
    }

    /// `[[key, count, mine], …]` as SQLite's json_group_array makes it.
    private static func reactions(_ json: String?) -> [ReactionCount] {
        guard let json, let rows = try? JSONDecoder().decode([ReactionRow].self, from: Data(json.utf8)) else { return [] }
        return rows.compactMap(\.reaction)
    }

    /// One `[key, count, mine]`; nil when it is not that shape.
    private struct ReactionRow: Decodable {
        let reaction: ReactionCount?

        init(from decoder: any Decoder) throws {
            reaction = try? Self.read(decoder)
        }

        private static func read(_ decoder: any Decoder) throws -> ReactionCount? {
            var row = try decoder.unkeyedContainer()
            guard row.count == 3 else { return nil }
            let key = try row.decode(String.self), count = try row.decode(Int.self)
            return ReactionCount(key: key, count: count, mine: (try? row.decode(Int.self)) == 1)
        }
    }
}
