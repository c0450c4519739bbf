/// Who this `LocalCommunity` instance is signed in as. Held in memory; the account itself is
/// always re-read from the file, so changes made elsewhere (another process) are seen.
enum SessionState: Hashable, Sendable {
    /// No session: a script that never logged in, or after log-out.
    case none
    /// A guest session (read-only).
    case guest(digest: String)
    /// A member session; the digest is checked against the file on every write.
    case member(userID: Int64, digest: String)

    var userID: Int64? {
        if case .member(let id, _) = self { return id }
        return nil
    }

    /// The value bound as `?1` in queries: the member's id, or -1, which matches no row.
    var viewerKey: Int64 { userID ?? -1 }
}
