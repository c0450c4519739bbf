import ChatCore
import FoundationEssentials
import Storage

/// The messages one commit (or a burst of commits) added, read once for every viewer with what
/// each viewer's filter needs beside them: who sent each, whose message it answers, the two
/// members of a direct conversation, and which of these senders someone blocked. Each viewer's
/// events are then made in memory, the same ones `LiveFeed` reads with that viewer's query.
struct LiveBatch: Sendable {
    struct Item: Sendable {
        var message: Message
        let sender: Int64
        let parentSender: Int64?
        /// The two members when the message is in a direct conversation.
        let members: (low: Int64, high: Int64)?
        /// Reactions are per viewer ("mine", blocked reactors left out): re-read for each.
        let reacted: Bool
    }

    private struct Block: Hashable {
        let blocker: Int64
        let blocked: Int64
    }

    let items: [Item]
    private let blocks: Set<Block>

    /// The messages with ids in `first>..last`, in id order. Read as no one (viewer -1), so
    /// nothing is filtered yet.
    static func read(after first: Int64, through last: Int64, _ connection: Connection) throws -> LiveBatch {
        let rows = try connection.query("""
            \(CommunitySQL.message) WHERE m.id > ?2 AND m.id <= ?3 ORDER BY m.id
            """, [.integer(-1), .integer(first), .integer(last)])
        let messages = try rows.map { try CommunitySQL.message($0, connection) }
        let facts = try connection.query("""
            SELECT m.id, m.sender_id, p.sender_id AS parent_sender, c.kind, c.member_low, c.member_high,
                   EXISTS (SELECT 1 FROM reactions r WHERE r.message_id = m.id) AS reacted
            FROM messages m JOIN channels c ON c.id = m.channel_id LEFT JOIN messages p ON p.id = m.reply_to
            WHERE m.id > ?1 AND m.id <= ?2
            """, [.integer(first), .integer(last)])
        var byID: [Int64: Row] = [:]
        for row in facts { if let id = row["id"].int64 { byID[id] = row } }
        let items = messages.compactMap { message -> Item? in
            // A message whose channel is gone (no facts row) is not shown, as the join hides it.
            guard let key = Int64(message.id.raw), let row = byID[key] else { return nil }
            let direct = row["kind"].string == "direct"
            return Item(message: message, sender: row["sender_id"].int64 ?? 0, parentSender: row["parent_sender"].int64,
                        members: direct ? (row["member_low"].int64 ?? 0, row["member_high"].int64 ?? 0) : nil,
                        reacted: row["reacted"].int == 1)
        }
        return LiveBatch(items: items, blocks: try blocks(of: items, connection))
    }

    private init(items: [Item], blocks: Set<Block>) {
        self.items = items
        self.blocks = blocks
    }

    /// Every block whose blocked person sent (or is quoted by) a message of the batch.
    private static func blocks(of items: [Item], _ connection: Connection) throws -> Set<Block> {
        let people = Set(items.flatMap { [$0.sender] + ($0.parentSender.map { [$0] } ?? []) })
        guard !people.isEmpty else { return [] }
        let marks = Array(repeating: "?", count: people.count).joined(separator: ",")
        let rows = try connection.query("SELECT blocker_id, blocked_id FROM blocks WHERE blocked_id IN (\(marks))", people.map { .integer($0) })
        return Set(rows.map { Block(blocker: $0["blocker_id"].int64 ?? 0, blocked: $0["blocked_id"].int64 ?? 0) })
    }

    /// What `viewer` sees of the batch: per channel the messages added, then the viewer's unread
    /// counts of those channels (so the client need not ask), then the conversation list when a
    /// direct message came. A guest's read positions are `guestSeen`.
    func events(for viewer: Int64, guestSeen: [Int64: Int64], _ connection: Connection) throws -> [ChatEvent] {
        var order: [ChannelID] = []
        var byChannel: [ChannelID: [Message]] = [:]
        var direct = false
        for item in items {
            guard let message = try shown(item, to: viewer, connection) else { continue }
            if byChannel[message.channelID] == nil { order.append(message.channelID) }
            byChannel[message.channelID, default: []].append(message)
            direct = direct || item.members != nil
        }
        var events = order.map { ChatEvent.messagesAdded($0, byChannel[$0] ?? []) }
        if !order.isEmpty {
            let counts = try order.map { id in (id, try LocalCommunity.unread(inChannel: CommunitySQL.key(id.raw) ?? 0, viewer: viewer, guestSeen: guestSeen, connection)) }
            events.append(.unreadCounts(Dictionary(counts) { first, _ in first }))
        }
        if direct { events.append(.conversationsChanged) }
        return events
    }

    /// The message as `viewer` sees it, or nil when hidden from them: a blocked sender
    /// (`CommunitySQL.notBlocked`), someone else's conversation (`visibleChannel`).
    private func shown(_ item: Item, to viewer: Int64, _ connection: Connection) throws -> Message? {
        if blocks.contains(Block(blocker: viewer, blocked: item.sender)) { return nil }
        if let members = item.members, viewer != members.low, viewer != members.high { return nil }
        if item.reacted { return try reread(item.message, for: viewer, connection) }
        var message = item.message
        if let parent = item.parentSender, blocks.contains(Block(blocker: viewer, blocked: parent)), message.replyTo != nil {
            message.replyTo?.parent = .unavailable
        }
        return message
    }

    private func reread(_ message: Message, for viewer: Int64, _ connection: Connection) throws -> Message? {
        guard let row = try connection.queryRow("\(CommunitySQL.message) WHERE m.id = ?2", [.integer(viewer), .integer(Int64(message.id.raw) ?? 0)]) else {
            return nil
        }
        return try CommunitySQL.message(row, connection)
    }
}
