import ChatCore
import FoundationEssentials

/// A mute as `whoami` prints it.
struct MuteRecord: Encodable, Sendable {
    let reason: String
    /// Encoded as ISO 8601; absent: until a moderator lifts it.
    let until: Date?

    init(_ mute: Mute) {
        reason = mute.reason
        until = mute.until
    }

    /// `until 2026-12-04 10:00 UTC: spam` for a terminal.
    func line(_ console: Console) -> String {
        (until.map { "until \(PostingDenial.timeText($0))" } ?? "until lifted") + ": " + console.inert(reason)
    }
}

/// A mute or ban as `tteok mute`, `ban` and `sanctions` print it.
struct SanctionRecord: Encodable, Sendable {
    /// `mute` or `ban`.
    let kind: String
    let memberId: String
    let nickname: String
    let email: String?
    let reason: String
    let moderator: String
    /// Encoded as ISO 8601.
    let since: Date
    /// Absent: until a moderator lifts it.
    let until: Date?

    init(_ sanction: Sanction) {
        kind = sanction.kind.rawValue
        memberId = sanction.member.id.raw
        nickname = sanction.member.nickname
        email = sanction.member.email
        reason = sanction.reason
        moderator = sanction.moderator
        since = sanction.since
        until = sanction.until
    }

    /// `ban  bob <bob@example.com>  until lifted  by mina: spam` for a terminal.
    func line(_ console: Console) -> String {
        let who = console.inert(nickname) + (email.map { " <\(console.inert($0))>" } ?? "")
        let end = until.map { "until \(PostingDenial.timeText($0))" } ?? "until lifted"
        return "\(kind)  \(who)  \(end)  by \(console.inert(moderator)): \(console.inert(reason))"
    }
}

/// A moderator as `tteok moderator list` prints it.
struct ModeratorRecord: Encodable, Sendable {
    let email: String
    let nickname: String?
    /// `serve` (named by `tteok serve --moderator`) or `added` (by `tteok moderator add`).
    let source: String

    init(_ entry: ModeratorEntry) {
        email = entry.email
        nickname = entry.nickname
        source = entry.source.rawValue
    }

    func line(_ console: Console) -> String {
        console.inert(email) + (nickname.map { " (\(console.inert($0)))" } ?? " (no account yet)") + "  " + source
    }
}

/// Published terms as `tteok terms` prints them.
struct TermsRecord: Encodable, Sendable {
    let version: Int
    /// Absent for the rules shipped with tteok (version 1).
    let text: String?
    let publishedAt: Date?

    init(_ terms: PublishedTerms?) {
        version = terms?.version ?? CommunityTerms.currentVersion
        text = terms?.text
        publishedAt = terms?.publishedAt
    }
}
