import ChatCore
import Dispatch
import FoundationEssentials
import Storage

/// Typing notices through the service: a member's start or stop goes on the board, and every
/// listener who can see the channel is told who types there now — themselves, the people they
/// blocked and those who blocked them left out, at most a few by nickname.
extension SharedLiveFeed {
    /// `listener`'s member (its session's) starts or stops typing in `channel`. The caller has
    /// checked that the member may post there.
    public func setTyping(_ typing: Bool, in channel: ChannelID, listener: Int) throws {
        guard let key = CommunitySQL.key(channel.raw) else { throw ChatError.noSuchChannel(channel.raw) }
        guard let user = listeners.withLock({ $0[listener]?.state.withLock(\.userID) }) else {
            throw ChatError.denied(.notSignedIn)
        }
        let now = Date()
        let until = now.addingTimeInterval(TypingNotice.lasts)
        let changed = board.withLock { $0.set(typing, user: user, channel: key, listener: listener, until: until, now: now) }
        // Every start, a renewal too, is checked once its time is up: a notice renewed and then
        // left (the client vanished mid-word, its connection open) runs out like one never renewed.
        if typing {
            DispatchQueue.global().asyncAfter(deadline: .now() + TypingNotice.lasts + 0.05) { [weak self] in
                guard let self, board.withLock({ $0.expire(key, now: Date()) }) else { return }
                publishTyping(in: key)
            }
        }
        for channel in changed { publishTyping(in: channel) }
    }

    /// A listener left: whatever it was typing stops.
    func stopTyping(of listener: Int) {
        for channel in board.withLock({ $0.remove(listener: listener) }) { publishTyping(in: channel) }
    }

    private func publishTyping(in channel: Int64) {
        let typists = board.withLock { $0.typists(in: channel) }
        let viewers = listeners.withLock { $0.map { (listener: $0.key, viewer: $0.value.viewerKey) } }
        guard !viewers.isEmpty, let deliveries = try? database.readSync({ connection in
            try Self.typingDeliveries(typists, in: channel, to: viewers, connection)
        }) else { return }
        if !deliveries.isEmpty { sink(deliveries) }
    }

    private static func typingDeliveries(_ typists: [Int64], in channel: Int64, to viewers: [(listener: Int, viewer: Int64)],
                                         _ connection: Connection) throws -> [Delivery] {
        let names = try nicknames(of: typists, connection)
        let blocks = try blockPairs(of: typists, connection)
        var deliveries: [Delivery] = []
        for (listener, viewer) in viewers {
            guard try connection.queryRow("SELECT 1 FROM channels c WHERE c.id = ?2 AND \(CommunitySQL.visibleChannel)",
                                          [.integer(viewer), .integer(channel)]) != nil else { continue }
            let shown = typists.filter { $0 != viewer && !blocks.contains([viewer, $0]) && !blocks.contains([$0, viewer]) }
            let typing = Typists(names: shown.prefix(Typists.namedAtMost).map { names[$0] ?? "" }, total: shown.count)
            deliveries.append(Delivery(listener: listener, events: [.typing(ChannelID(String(channel)), typing)]))
        }
        return deliveries
    }

    private static func nicknames(of users: [Int64], _ connection: Connection) throws -> [Int64: String] {
        var names: [Int64: String] = [:]
        for user in users.prefix(Typists.namedAtMost * 4) {
            names[user] = try connection.scalar("SELECT nickname FROM users WHERE id = ?", [.integer(user)]).string
        }
        return names
    }

    /// Blocks between a typist and anyone, as [blocker, blocked].
    private static func blockPairs(of users: [Int64], _ connection: Connection) throws -> Set<[Int64]> {
        guard !users.isEmpty else { return [] }
        let marks = Array(repeating: "?", count: users.count).joined(separator: ",")
        let rows = try connection.query("SELECT blocker_id, blocked_id FROM blocks WHERE blocked_id IN (\(marks)) OR blocker_id IN (\(marks))",
                                        (users + users).map { .integer($0) })
        return Set(rows.map { [$0["blocker_id"].int64 ?? 0, $0["blocked_id"].int64 ?? 0] })
    }
}
