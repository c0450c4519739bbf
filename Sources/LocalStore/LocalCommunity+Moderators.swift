import ChatCore
import FoundationEssentials
import Storage

/// Who moderates besides the service's owner: the accounts `tteok serve --moderator` names (fixed
/// while it runs) and those a moderator added (kept in the file, `tteok moderator add`).
extension LocalCommunity {
    public func moderators() async throws -> [ModeratorEntry] {
        let named = access.namedModerators
        return try await read { connection in
            _ = try self.requireModerator(connection, to: "list the moderators")
            let nickname = { (key: String) throws -> String? in
                try connection.scalar("SELECT nickname FROM users WHERE email_key = ?", [.text(key)]).string
            }
            var entries = try named.sorted().map { key in
                ModeratorEntry(email: try connection.scalar("SELECT email FROM users WHERE email_key = ?", [.text(key)]).string ?? key,
                               nickname: try nickname(key), source: .serveOption)
            }
            for row in try connection.query("SELECT email_key, email FROM moderators ORDER BY created_at") where !named.contains(row["email_key"].string ?? "") {
                entries.append(ModeratorEntry(email: row["email"].string ?? "", nickname: try nickname(row["email_key"].string ?? ""), source: .added))
            }
            return entries
        }
    }

    /// Adds or removes a moderator by email (the account need not exist yet). One named by
    /// `tteok serve --moderator` is removed only by restarting the service without it.
    public func setModerator(email: String, _ isModerator: Bool) async throws {
        let email = try AccountRules.email(email)
        let key = AccountRules.emailKey(email)
        let named = access.namedModerators
        try await write { connection in
            let moderator = try self.requireModerator(connection, to: isModerator ? "add moderators" : "remove moderators")
            if isModerator {
                if try named.contains(key) || connection.queryRow("SELECT 1 FROM moderators WHERE email_key = ?", [.text(key)]) != nil {
                    throw ChatError.invalidInput("\(InertText.sanitize(email)) is a moderator already.")
                }
                try connection.run("INSERT INTO moderators(email_key, email, added_by, created_at) VALUES (?, ?, ?, ?)",
                                   [.text(key), .text(email), .integer(moderator.key), .real(Date().timeIntervalSince1970)])
            } else {
                if named.contains(key) {
                    throw ChatError.invalidInput("\(InertText.sanitize(email)) is named by tteok serve --moderator: restart the service without it.")
                }
                guard try connection.run("DELETE FROM moderators WHERE email_key = ?", [.text(key)]) > 0 else {
                    throw ChatError.invalidInput("\(InertText.sanitize(email)) is not a moderator.")
                }
            }
        }
    }
}
