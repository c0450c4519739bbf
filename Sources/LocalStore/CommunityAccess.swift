import ChatCore
import FoundationEssentials
import Glibc
import Storage

/// How an engine session was opened, which decides who its sessions belong to and who moderates.
public enum CommunityAccess: Hashable, Sendable {
    /// A user opened the community file directly (today's single-user use, and a user's private
    /// service): sessions carry this process's uid, older sessions without one still resume, and
    /// whoever holds the file moderates it — they could change the file itself anyway.
    case directFile
    /// Inside `tteok serve`, for a connection whose peer is Unix user `peerUID` (from the kernel).
    /// Sessions resume only for that uid. The service's owner (`ownerUID`, the Unix user running
    /// it) moderates, as do the accounts `moderators` names (email keys, `--moderator`) and those
    /// a moderator added (the `moderators` table).
    case service(peerUID: UInt32, moderators: Set<String>, ownerUID: UInt32)

    /// The uid stored with a new session.
    var sessionUID: Int64 {
        switch self {
        case .directFile: return Int64(getuid())
        case .service(let uid, _, _): return Int64(uid)
        }
    }

    /// The condition a stored session's uid must meet to resume here (bound as `?2`).
    var resumableSQL: String {
        switch self {
        case .directFile: return "(uid IS NULL OR uid = ?2)"
        case .service: return "uid = ?2"
        }
    }

    /// The email keys `tteok serve --moderator` named.
    var namedModerators: Set<String> {
        if case .service(_, let named, _) = self { return named }
        return []
    }

    /// Whether `account`, asking through this session, moderates: the one rule every moderator's
    /// action checks (reports, channels, mutes and bans, terms, the moderator list).
    func mayModerate(_ account: Account, _ connection: Connection) throws -> Bool {
        switch self {
        case .directFile: return true
        case .service(let peer, _, let owner):
            return try peer == owner || isNamedModerator(AccountRules.emailKey(account.email), connection)
        }
    }

    /// Whether the account with `emailKey` is a moderator by name (not by being the owner): such an
    /// account cannot be muted or banned until it stops being one.
    func isNamedModerator(_ emailKey: String, _ connection: Connection) throws -> Bool {
        try namedModerators.contains(emailKey)
            || connection.queryRow("SELECT 1 FROM moderators WHERE email_key = ?", [.text(emailKey)]) != nil
    }
}
