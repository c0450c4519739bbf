import Foundation

/// How an engine session was opened, which decides who its sessions belong to and who moderates.
public enum CommunityAccess: Hashable, Sendable {
    /// A user opened the community file directly (today's single-user use): sessions carry this
    /// process's uid, older sessions without one still resume, and whoever holds the file reads
    /// its reports.
    case directFile
    /// Inside `tteok serve`, for a connection whose peer is Unix user `peerUID` (from the kernel).
    /// Sessions resume only for that uid; reports only for the named moderators (email keys).
    case service(peerUID: UInt32, moderators: Set<String>)

    /// The uid stored with a new session.
    var sessionUID: Int64 {
        switch self {
        case .directFile: return Int64(getuid())
        case .service(let uid, _): return Int64(uid)
        }
    }

    /// The condition a stored session's uid must meet to resume here (bound as `?2`).
    var resumableSQL: String {
        switch self {
        case .directFile: return "(uid IS NULL OR uid = ?2)"
        case .service: return "uid = ?2"
        }
    }

    /// Whether the member with `emailKey` moderates: lists reports, creates channels. Whoever
    /// holds the file directly can do anything to it anyway; in the service, the named moderators.
    func mayModerate(emailKey: String?) -> Bool { mayListReports(emailKey: emailKey) }

    /// Whether the member with `emailKey` may list reports.
    func mayListReports(emailKey: String?) -> Bool {
        switch self {
        case .directFile: return true
        case .service(_, let moderators): return emailKey.map(moderators.contains) ?? false
        }
    }
}
