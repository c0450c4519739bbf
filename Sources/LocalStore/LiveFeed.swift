import ChatCore
import FoundationEssentials
import Storage

/// Turns committed messages — from this instance or from another process — into `ChatEvent`s.
///
/// Called on the database queue after every change; remembers the last message id it saw and
/// re-reads what came after it, so a burst of commits is delivered in id order, once, and
/// filtered for the current viewer (blocked senders, other people's direct conversations).
final class LiveFeed: @unchecked Sendable {
    private let hub: EventHub
    private let session: Mutex<SessionState>
    /// Touched only on the database queue.
    private var lastMessageID: Int64
    /// The last `message_changes` entry seen (edits, reactions, deletions). Database queue only.
    private var lastChangeID: Int64

    init(hub: EventHub, session: Mutex<SessionState>, lastMessageID: Int64, lastChangeID: Int64) {
        self.hub = hub
        self.session = session
        self.lastMessageID = lastMessageID
        self.lastChangeID = lastChangeID
    }

    func handle(_ change: DatabaseChange, _ connection: Connection) {
        if change.touches("message_changes") { publishChanges(connection) }
        guard change.touches("messages") else { return }
        // On failure the position stays: the next change (or the fallback poll) retries.
        try? connection.inReadTransaction {
            let newest = try connection.scalar("SELECT coalesce(max(id), 0) FROM messages").int64 ?? 0
            guard newest > lastMessageID else { return }
            // With no one listening, skip the reading and just move on.
            if hub.listenerCount > 0 { try publish(after: lastMessageID, through: newest, connection) }
            lastMessageID = newest
        }
    }

    private func publish(after first: Int64, through last: Int64, _ connection: Connection) throws {
        let viewer = session.withLock { $0.viewerKey }
        let rows = try connection.query("""
            \(CommunitySQL.message) JOIN channels c ON c.id = m.channel_id
            WHERE m.id > ?2 AND m.id <= ?3 AND \(CommunitySQL.notBlocked) AND \(CommunitySQL.visibleChannel)
            ORDER BY m.id
            """, [.integer(viewer), .integer(first), .integer(last)])
        let messages = try rows.map { try CommunitySQL.message($0, connection) }
        var order: [ChannelID] = []
        var byChannel: [ChannelID: [Message]] = [:]
        for message in messages {
            if byChannel[message.channelID] == nil { order.append(message.channelID) }
            byChannel[message.channelID, default: []].append(message)
        }
        // One batch: the screens take the messages and their counts in one hop.
        var events = order.map { ChatEvent.messagesAdded($0, byChannel[$0] ?? []) }
        if !order.isEmpty { events.append(.countsChanged(Set(order))) }
        if try order.contains(where: { try isDirect($0, connection) }) { events.append(.conversationsChanged) }
        hub.publish(events)
    }

    /// Messages changed since the last look, re-read for the viewer and published as updates.
    private func publishChanges(_ connection: Connection) {
        try? connection.inReadTransaction {
            let newest = try connection.scalar("SELECT coalesce(max(id), 0) FROM message_changes").int64 ?? 0
            guard newest > lastChangeID else { return }
            if hub.listenerCount > 0 {
                let viewer = session.withLock { $0.viewerKey }
                for message in try Self.changedMessages(for: viewer, after: lastChangeID, through: newest, connection) {
                    hub.publish(.messageUpdated(message))
                }
            }
            lastChangeID = newest
        }
    }

    /// The newest message and `message_changes` ids: where a feed starts.
    static func positions(_ connection: Connection) throws -> (messages: Int64, changes: Int64) {
        (try connection.scalar("SELECT coalesce(max(id), 0) FROM messages").int64 ?? 0,
         try connection.scalar("SELECT coalesce(max(id), 0) FROM message_changes").int64 ?? 0)
    }

    /// The messages `message_changes` entries `first>..last` name, as `viewer` sees them.
    static func changedMessages(for viewer: Int64, after first: Int64, through last: Int64, _ connection: Connection) throws -> [Message] {
        let rows = try connection.query("""
            \(CommunitySQL.message) JOIN channels c ON c.id = m.channel_id
            WHERE m.id IN (SELECT message_id FROM message_changes WHERE id > ?2 AND id <= ?3)
              AND \(CommunitySQL.notBlocked) AND \(CommunitySQL.visibleChannel)
            ORDER BY m.id
            """, [.integer(viewer), .integer(first), .integer(last)])
        return try rows.map { try CommunitySQL.message($0, connection) }
    }

    private func isDirect(_ channel: ChannelID, _ connection: Connection) throws -> Bool {
        try connection.scalar("SELECT kind FROM channels WHERE id = ?", [.integer(CommunitySQL.key(channel.raw) ?? 0)]) == .text("direct")
    }
}
