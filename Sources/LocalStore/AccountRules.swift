import ChatCore
import FoundationEssentials
import Storage

/// What a valid email, password, nickname and region are in the embedded community.
enum AccountRules {
    static let minimumPasswordLength = 8
    static let maximumNicknameLength = 32

    /// A trimmed email with one `@` and something on each side.
    static func email(_ raw: String) throws -> String {
        let email = raw.trimmingWhitespaceAndNewlines()
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, !email.contains(where: \.isWhitespace) else {
            throw ChatError.invalidInput("Enter an email address like name@example.com.")
        }
        return email
    }

    /// The unique key of an email: trimmed, Unicode-normalised, lower-cased.
    static func emailKey(_ email: String) -> String {
        Normalization.nfc(email.trimmingWhitespaceAndNewlines()).lowercased()
    }

    static func checkPassword(_ password: String) throws {
        guard password.count >= minimumPasswordLength else {
            throw ChatError.invalidInput("The password needs at least \(minimumPasswordLength) characters.")
        }
    }

    /// A trimmed nickname (may be empty at sign-up) without control characters.
    static func nickname(_ raw: String) throws -> String {
        let nickname = Normalization.nfc(raw.trimmingWhitespaceAndNewlines())
        guard nickname.count <= maximumNicknameLength else {
            throw ChatError.invalidInput("A nickname can have at most \(maximumNicknameLength) characters.")
        }
        guard !nickname.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format }) else {
            throw ChatError.invalidInput("A nickname can't contain control characters.")
        }
        return nickname
    }

    /// Refuses a nickname another member already has, compared as the word filter compares
    /// words (`WordFilter.comparableName`), so nobody can pass for somebody else. Runs inside
    /// the write transaction, so two sign-ups cannot both take a name.
    static func checkUnique(_ nickname: String, except userID: Int64?, _ connection: Connection) throws {
        guard !nickname.isEmpty else { return }
        let wanted = WordFilter.comparableName(nickname)
        let others = try connection.query("SELECT id, nickname FROM users WHERE nickname != ''")
        if let taken = others.first(where: { $0[0].int64 != userID && WordFilter.comparableName($0[1].string ?? "") == wanted }) {
            let existing = taken[1].string ?? ""
            let same = existing == nickname ? "" : " (too like \(InertText.sanitize(existing)))"
            throw ChatError.invalidInput("The nickname \(InertText.sanitize(nickname)) is taken\(same); choose another.")
        }
    }

    /// The region channel's own spelling of `raw`, which must name one. Found through the indexed
    /// region key (a channel written without keys yet is checked too), so a file with a million
    /// channels answers as fast; a refusal names the first regions.
    static func region(_ raw: String, _ connection: Connection) throws -> String {
        let wanted = ChannelKeys.regionKey(raw.trimmingWhitespaceAndNewlines())
        let candidates = try connection.query("SELECT region FROM channels WHERE kind = 'region' AND (region_key = ? OR region_key IS NULL) ORDER BY id",
                                              [.text(wanted)]).compactMap { $0[0].string }
        if let match = candidates.first(where: { ChannelKeys.regionKey($0) == wanted }) { return match }
        let regions = try connection.query("SELECT region FROM channels WHERE kind = 'region' ORDER BY id LIMIT 20").compactMap { $0[0].string }
        throw ChatError.invalidInput("No region named \(raw). Regions: \(regions.joined(separator: ", ")).")
    }
}
