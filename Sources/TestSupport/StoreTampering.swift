import Foundation
import Storage

/// Writes straight into a community file with SQL, as anyone who can write the shared file could,
/// bypassing every rule of the store: a message over the size limit, a hostile channel name,
/// a million channels. Each call is one transaction, so big fixtures are quick to make.
public struct StoreTampering {
    public let path: String

    public init(path: String) { self.path = path }

    /// Appends a text message as the account with `email` (its next sequence number in the channel).
    public func insertMessage(in channel: String, from email: String, body: String) throws {
        let connection = try Connection(path: path)
        connection.setBusyTimeout(milliseconds: 5_000)
        _ = try connection.run("""
            INSERT INTO messages(channel_id, seq, sender_id, sent_at, body)
            SELECT c.id, coalesce((SELECT max(seq) FROM messages WHERE channel_id = c.id), 0) + 1,
                   (SELECT id FROM users WHERE email = ?2), ?3, ?4
            FROM channels c WHERE c.name = ?1
            """, [.text(channel), .text(email), .real(Date().timeIntervalSince1970), .text(body)])
    }

    /// Adds open channels named by `name(i)` for i in `range`, in one transaction; `columns`
    /// gives extra text columns and their values per channel name (e.g. a sort key the store keeps),
    /// skipping those the file's schema does not have (so a fixture also runs on an older tteok's file).
    public func insertChannels(_ range: Range<Int>, name: (Int) -> String,
                               columns: [(String, (String) -> String)] = []) throws {
        let connection = try Connection(path: path)
        connection.setBusyTimeout(milliseconds: 5_000)
        let existing = Set(try connection.query("PRAGMA table_info(channels)").compactMap { $0["name"].string })
        let columns = columns.filter { existing.contains($0.0) }
        let names = (["name", "kind", "created_at"] + columns.map(\.0)).joined(separator: ", ")
        let marks = Array(repeating: "?", count: 3 + columns.count).joined(separator: ", ")
        let sql = "INSERT INTO channels(\(names)) VALUES (\(marks))"
        try connection.execute("BEGIN IMMEDIATE")
        do {
            let now = SQLValue.real(Date().timeIntervalSince1970)
            for index in range {
                let channel = name(index)
                _ = try connection.run(sql, [.text(channel), .text("open"), now] + columns.map { .text($0.1(channel)) })
            }
            try connection.execute("COMMIT")
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }
}
