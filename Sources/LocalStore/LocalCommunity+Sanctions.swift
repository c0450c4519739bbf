import ChatCore
import FoundationEssentials
import Storage

/// Mutes and bans. A mute reaches the posting rule through the account (`Account.mute`), so the
/// input bar, `permission(in:)` and every write refuse alike; a ban refuses the member's sessions
/// and sign-in (`Sanctions.refuseBanned`). Both are lifted by a moderator or run out by time.
extension LocalCommunity {
    /// Longest reason a moderator may give, in characters.
    public static let longestSanctionReason = 500

    public func impose(_ kind: SanctionKind, on member: String, reason: String, until: Date?) async throws -> Sanction {
        let reason = reason.trimmingWhitespaceAndNewlines()
        guard !reason.isEmpty, reason.count <= Self.longestSanctionReason else {
            throw ChatError.invalidInput("Give a reason of 1 to \(Self.longestSanctionReason) characters.")
        }
        let now = Date()
        if let until, until <= now { throw ChatError.invalidInput("The end of a \(kind.rawValue) must be in the future.") }
        return try await write { connection in
            let moderator = try self.requireModerator(connection, to: "\(kind.rawValue) members")
            let target = try Sanctions.member(named: member, connection)
            guard target.id != moderator.key else { throw ChatError.invalidInput("You can't \(kind.rawValue) yourself.") }
            if try self.access.isNamedModerator(AccountRules.emailKey(target.email), connection) {
                throw ChatError.forbidden("\(InertText.sanitize(target.nickname)) is a moderator: remove them as a moderator first.")
            }
            try connection.run("""
                INSERT OR REPLACE INTO sanctions(user_id, kind, reason, moderator_id, created_at, until) VALUES (?, ?, ?, ?, ?, ?)
                """, [.integer(target.id), .text(kind.rawValue), .text(reason), .integer(moderator.key),
                      .real(now.timeIntervalSince1970), SQLValue(until?.timeIntervalSince1970)])
            return Sanction(kind: kind, member: UserProfile(id: UserID(String(target.id)), nickname: target.nickname, email: target.email),
                            reason: reason, moderator: moderator.nickname, since: now, until: until)
        }
    }

    public func lift(_ kind: SanctionKind, from member: String) async throws {
        try await write { connection in
            _ = try self.requireModerator(connection, to: "lift a \(kind.rawValue)")
            let target = try Sanctions.member(named: member, connection)
            let lifted = try connection.run("DELETE FROM sanctions WHERE user_id = ? AND kind = ? AND \(Sanctions.inForce)",
                                            [.integer(target.id), .text(kind.rawValue)])
            guard lifted > 0 else {
                throw ChatError.invalidInput("\(InertText.sanitize(target.nickname)) has no \(kind.rawValue) to lift.")
            }
        }
    }

    public func sanctions() async throws -> [Sanction] {
        try await read { connection in
            _ = try self.requireModerator(connection, to: "list mutes and bans")
            return try connection.query("""
                SELECT s.kind, s.reason, s.created_at, s.until, u.id, u.email, u.nickname, coalesce(m.nickname, '') AS moderator
                FROM sanctions s JOIN users u ON u.id = s.user_id LEFT JOIN users m ON m.id = s.moderator_id
                WHERE \(Sanctions.inForce) ORDER BY s.created_at DESC
                """).map(Sanctions.sanction)
        }
    }

    /// A ban on the saved session's account, in the words the member reads; nil otherwise.
    public func sessionRefusal() async -> ChatError? {
        guard let userID = state.userID else { return nil }
        do {
            try await read { try Sanctions.refuseBanned(userID, $0) }
            return nil
        } catch {
            return StoreErrors.map(error)
        }
    }
}

/// The SQL and rules of mutes and bans, shared by the account query, sign-in and the listing.
enum Sanctions {
    /// A sanction still in force (`s.`-less: used inside subqueries on `sanctions` too).
    static let inForce = "(until IS NULL OR until > unixepoch())"

    /// Refuses a banned account: its sessions and its sign-in. Said as `forbidden`, with the reason.
    static func refuseBanned(_ userID: Int64, _ connection: Connection) throws {
        guard let ban = try connection.queryRow("SELECT reason, until FROM sanctions WHERE user_id = ? AND kind = 'ban' AND \(inForce)",
                                                [.integer(userID)]) else { return }
        let until = ban["until"].double.map { " until " + PostingDenial.timeText(Date(timeIntervalSince1970: $0)) } ?? ""
        throw ChatError.forbidden("A moderator banned this account\(until): \(InertText.sanitize(ban["reason"].string ?? "")).")
    }

    /// The member `name` names: an email, else a nickname (compared as nicknames are kept unique).
    static func member(named name: String, _ connection: Connection) throws -> (id: Int64, email: String, nickname: String) {
        let key = AccountRules.emailKey(name)
        var row = try connection.queryRow("SELECT id, email, nickname FROM users WHERE email_key = ?", [.text(key)])
        if row == nil {
            let wanted = WordFilter.comparableName(name.trimmingWhitespaceAndNewlines())
            row = try connection.query("SELECT id, email, nickname FROM users WHERE nickname != ''")
                .first { WordFilter.comparableName($0["nickname"].string ?? "") == wanted }
        }
        guard let row, let id = row["id"].int64 else { throw ChatError.noSuchUser(InertText.sanitize(name)) }
        return (id, row["email"].string ?? "", row["nickname"].string ?? "")
    }

    static func sanction(_ row: Row) -> Sanction {
        Sanction(kind: SanctionKind(rawValue: row["kind"].string ?? "") ?? .mute,
                 member: UserProfile(id: UserID(String(row["id"].int64 ?? 0)), nickname: row["nickname"].string ?? "", email: row["email"].string),
                 reason: row["reason"].string ?? "", moderator: row["moderator"].string ?? "",
                 since: Date(timeIntervalSince1970: row["created_at"].double ?? 0),
                 until: row["until"].double.map(Date.init(timeIntervalSince1970:)))
    }
}
