import ChatCore
import FoundationEssentials
import Storage

/// Who is asking, and what they may see: checked inside each transaction.
extension LocalCommunity {
    var state: SessionState { session.withLock { $0 } }

    /// The signed-in member's account, fresh from the file; nil for guests, no session, or a
    /// session ended elsewhere (log-out in another process). A banned member's session is
    /// refused with the ban's words (`Sanctions.refuseBanned`).
    func currentAccount(_ connection: Connection) throws -> Account? {
        try Self.account(of: state, connection)
    }

    /// The account a session stands for, read now (see `currentAccount`); also what the shared
    /// live feed tells each subscriber after a moderator's mute, ban or new terms.
    static func account(of state: SessionState, _ connection: Connection) throws -> Account? {
        guard case .member(let userID, let digest) = state else { return nil }
        let row = try connection.queryRow(
            "\(CommunitySQL.account) WHERE id = ?2 AND id = (SELECT user_id FROM sessions WHERE token_hash = ?1)",
            [.text(digest), .integer(userID)])
        guard let row else { return nil }
        try Sanctions.refuseBanned(userID, connection)
        return CommunitySQL.account(row)
    }

    func currentViewer(_ connection: Connection) throws -> Viewer {
        try currentAccount(connection).map(Viewer.member) ?? .guest
    }

    /// The member, or the refusal a guest / signed-out caller gets.
    func requireMember(_ connection: Connection) throws -> Account {
        if let account = try currentAccount(connection) { return account }
        if case .guest = state { throw ChatError.denied(.guest) }
        throw ChatError.denied(.notSignedIn)
    }

    /// A channel the viewer may see (direct conversations only by their members).
    func visibleChannel(_ id: ChannelID, _ connection: Connection) throws -> Channel {
        guard let key = CommunitySQL.key(id.raw),
              let row = try connection.queryRow("\(CommunitySQL.channel) WHERE c.id = ?2 AND \(CommunitySQL.visibleChannel)",
                                                [.integer(state.viewerKey), .integer(key)]) else {
            throw ChatError.noSuchChannel(id.raw)
        }
        return CommunitySQL.channel(row)
    }

    /// True when either of the two blocked the other.
    func blockedEitherWay(_ a: Int64, _ b: Int64, _ connection: Connection) throws -> Bool {
        try connection.queryRow(
            "SELECT 1 FROM blocks WHERE (blocker_id = ?1 AND blocked_id = ?2) OR (blocker_id = ?2 AND blocked_id = ?1)",
            [.integer(a), .integer(b)]) != nil
    }

    /// The posting rule for `account` in `channel`, with the block check for direct conversations.
    func permission(_ account: Account, _ channel: Channel, _ connection: Connection) throws -> SendPermission {
        var blocked = false
        if case .direct(let other) = channel.kind, let me = CommunitySQL.key(account.id.raw), let them = CommunitySQL.key(other.raw) {
            blocked = try blockedEitherWay(me, them, connection)
        }
        return PostingRule.permission(for: .member(account), in: channel, blocked: blocked)
    }

    /// A user that exists, or `.noSuchUser`.
    func requireUser(_ id: UserID, _ connection: Connection) throws -> Int64 {
        guard let key = CommunitySQL.key(id.raw),
              try connection.queryRow("SELECT 1 FROM users WHERE id = ?", [.integer(key)]) != nil else {
            throw ChatError.noSuchUser(id.raw)
        }
        return key
    }
}
