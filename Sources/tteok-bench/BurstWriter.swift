import Foundation
import Storage

/// The other process of the cross-process row (`tteok-bench burst-writer --store P --channel C
/// --count N --seconds S`): appends N messages to channel C as a generated sender, spread evenly
/// over S seconds in 100 commits, the way LocalStore stores them (next per-channel sequence
/// number inside the write transaction). Prints `last-commit-ns T`: CLOCK_MONOTONIC just before
/// the final write transaction began, so the reader's time from it errs on the long side.
enum BurstWriter {
    static let commits = 100

    static func run(_ arguments: [String]) throws {
        var values: [String: String] = [:]
        var rest = arguments[...]
        while let flag = rest.popFirst(), let value = rest.popFirst() { values[String(flag.dropFirst(2))] = value }
        guard let store = values["store"], let channelName = values["channel"], let count = values["count"].flatMap(Int.init),
              let seconds = values["seconds"].flatMap(Double.init) else {
            throw BenchError.usage("burst-writer --store PATH --channel NAME --count N --seconds S")
        }
        var configuration = Database.Configuration()
        configuration.observesOtherProcesses = false
        let database = try Database(path: store, configuration: configuration)
        let (channel, sender) = try database.readSync { connection in
            (try connection.scalar("SELECT id FROM channels WHERE name = ?", [.text(channelName)]).int64 ?? 0,
             try connection.scalar("SELECT id FROM users WHERE email = 'sender0@example.com'").int64 ?? 0)
        }
        let start = MonotonicClock.nanoseconds()
        var written = 0
        var lastCommit: UInt64 = 0
        for commit in 0..<commits {
            lastCommit = MonotonicClock.nanoseconds()
            let batch = count * (commit + 1) / commits - written
            try database.writeSync { connection in
                for _ in 0..<batch {
                    written += 1
                    try append("burst \(written)", channel: channel, sender: sender, connection)
                }
            }
            // Paces the commits evenly over the whole interval.
            let due = start + UInt64(seconds * 1e9 * Double(commit + 1) / Double(commits))
            let now = MonotonicClock.nanoseconds()
            if due > now, commit + 1 < commits { usleep(UInt32((due - now) / 1_000)) }
        }
        print("last-commit-ns \(lastCommit)")
    }

    private static func append(_ body: String, channel: Int64, sender: Int64, _ connection: Connection) throws {
        let seq = (try connection.scalar("SELECT seq FROM messages WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
                                         [.integer(channel)]).int64 ?? 0) + 1
        try connection.run("INSERT INTO messages(channel_id, seq, sender_id, sent_at, body) VALUES (?, ?, ?, ?, ?)",
                           [.integer(channel), .integer(seq), .integer(sender), .real(Date().timeIntervalSince1970), .text(body)])
    }
}
