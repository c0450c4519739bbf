import ChatCore
import FoundationEssentials
import Storage

/// Terms versions. The shipped rules are version `CommunityTerms.currentVersion`; moderators
/// publish newer ones here, and every account read carries the newest (`requiredTermsVersion`),
/// so the posting rule asks a member who agreed to an older one to agree again.
extension LocalCommunity {
    /// Largest terms text accepted, in UTF-8 bytes.
    public static let termsLimit = 64 * 1024

    public func publishTerms(_ text: String) async throws -> PublishedTerms {
        let body = text.trimmingWhitespaceAndNewlines()
        guard !body.isEmpty else { throw ChatError.invalidInput("The terms are empty.") }
        guard body.utf8.count <= Self.termsLimit else { throw ChatError.tooLarge(limit: Self.termsLimit) }
        let terms = try await write { connection -> PublishedTerms in
            let moderator = try self.requireModerator(connection, to: "publish terms")
            let latest = try connection.scalar("SELECT max(version) FROM terms").int ?? CommunityTerms.currentVersion
            let terms = PublishedTerms(version: max(latest, CommunityTerms.currentVersion) + 1, text: body, publishedAt: Date())
            try connection.run("INSERT INTO terms(version, body, published_by, published_at) VALUES (?, ?, ?, ?)",
                               [.integer(Int64(terms.version)), .text(body), .integer(moderator.key), .real(terms.publishedAt.timeIntervalSince1970)])
            return terms
        }
        // Inside the service the shared feed tells every member asked to agree again, the
        // moderator's own connection included (`publishViewers`): telling it here too pushed it twice.
        if case .member(let account) = await viewer() { publishSharedChange(.viewerChanged(.member(account))) }
        return terms
    }

    public func publishedTerms() async throws -> PublishedTerms? {
        try await read { connection in
            try connection.queryRow("SELECT version, body, published_at FROM terms ORDER BY version DESC LIMIT 1").map {
                PublishedTerms(version: $0["version"].int ?? 0, text: $0["body"].string ?? "",
                               publishedAt: Date(timeIntervalSince1970: $0["published_at"].double ?? 0))
            }
        }
    }
}
