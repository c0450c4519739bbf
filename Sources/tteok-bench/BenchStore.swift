import ChatCore
import Foundation
import LocalStore
import Storage

/// The generated community the benchmark runs on, cached under the data directory so reruns
/// start at once: one channel (`lobby`) holding `bigChannel` messages and `otherChannels` more
/// channels with `perChannel` messages each (100 channels in all by default), Korean and ASCII
/// bodies from 40 senders, and a member (the viewer) with read markers behind the newest message
/// in every channel so each badge has a count.
struct BenchStore {
    static let bigChannelName = "lobby"
    static let viewerEmail = "bench@example.com"
    /// A throwaway account in a throwaway file: the password is not a secret.
    static let viewerPassword = "bench password 1M"
    static let senderCount = 40

    var directory: URL
    var bigChannel = 1_000_000
    var perChannel = 1_000
    var channelCount = 100

    /// The cached, never-modified store; generated first when missing.
    var cachedURL: URL {
        directory.appendingPathComponent("store-v1-\(bigChannel)-\(channelCount)x\(perChannel).sqlite")
    }

    /// Generates the store unless it is cached. Returns the seconds spent generating (0 if cached).
    func prepare(log: @Sendable (String) -> Void) async throws -> Double {
        if FileManager.default.fileExists(atPath: cachedURL.path) { return 0 }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let building = directory.appendingPathComponent("generating.sqlite")
        Self.remove(building)
        log("generating \(cachedURL.lastPathComponent) (once; cached for later runs)…")
        let start = MonotonicClock.nanoseconds()
        try await createCommunity(at: building)
        try fill(building)
        // Closing the only connection checkpointed the WAL into the file and removed it.
        guard !FileManager.default.fileExists(atPath: building.path + "-wal") else {
            throw BenchError.failed("the generated store still has a WAL file")
        }
        try FileManager.default.moveItem(at: building, to: cachedURL)
        return MonotonicClock.milliseconds(since: start) / 1000
    }

    /// A fresh copy of the cached store for one benchmark run to change (live writes, markers).
    func workingCopy(named name: String) throws -> URL {
        let url = directory.appendingPathComponent(name)
        Self.remove(url)
        try FileManager.default.copyItem(at: cachedURL, to: url)
        return url
    }

    /// Removes a store file and its WAL companions.
    static func remove(_ url: URL) {
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: url.path + suffix)
        }
    }

    // MARK: Generating

    /// The schema and demo community come from LocalStore itself; the viewer signs up through it.
    private func createCommunity(at url: URL) async throws {
        let session = directory.appendingPathComponent("generating-session.json")
        let community = try LocalCommunity(storeURL: url, sessionFile: session)
        _ = try await community.signUp(SignUpRequest(identifier: Self.viewerEmail, password: Self.viewerPassword,
                                                     nickname: "벤치", region: "마포구", acceptTerms: true))
        try? FileManager.default.removeItem(at: session)
    }

    /// Everything else in one transaction with prepared statements reused for every row.
    private func fill(_ url: URL) throws {
        var configuration = Database.Configuration()
        configuration.observesOtherProcesses = false
        let database = try Database(path: url.path, configuration: configuration)
        try database.writeSync { connection in
            try connection.execute("PRAGMA cache_size = -262144")
            let senders = try insertSenders(connection)
            let channels = try insertChannels(connection)
            let viewer = try connection.scalar("SELECT id FROM users WHERE email = ?", [.text(Self.viewerEmail)]).int64 ?? 0
            var bodyIndex = 0
            for (offset, channel) in channels.enumerated() {
                let wanted = channel.name == Self.bigChannelName ? bigChannel : perChannel
                let last = try insertMessages(in: channel.id, upTo: wanted, senders: senders, bodyIndex: &bodyIndex, connection)
                try markRead(viewer, in: channel.id, behind: (offset * 37) % 1_200, last: last, connection)
            }
        }
    }

    private func insertSenders(_ connection: Connection) throws -> [Int64] {
        try (0..<Self.senderCount).map { index in
            let email = "sender\(index)@example.com"
            try connection.run("INSERT INTO users(email, email_key, nickname, region, terms_version, created_at) VALUES (?, ?, ?, '마포구', 1, ?)",
                               [.text(email), .text(email), .text(SampleText.nickname(index)), .real(Date().timeIntervalSince1970)])
            return connection.lastInsertRowID
        }
    }

    /// Adds open channels until there are `channelCount`; returns them all, big channel first.
    private func insertChannels(_ connection: Connection) throws -> [(id: Int64, name: String)] {
        let existing = try connection.scalar("SELECT count(*) FROM channels WHERE kind != 'direct'").int ?? 0
        for index in existing..<max(existing, channelCount) {
            try connection.run("INSERT INTO channels(name, kind, topic, created_at) VALUES (?, 'open', ?, ?)",
                               [.text(SampleText.channelName(index)), .text("generated channel \(index) — 생성된 채널"),
                                .real(Date().timeIntervalSince1970)])
        }
        let rows = try connection.query("SELECT id, name FROM channels WHERE kind != 'direct' ORDER BY name != ?, id",
                                        [.text(Self.bigChannelName)])
        return rows.map { (id: $0["id"].int64 ?? 0, name: $0["name"].string ?? "") }
    }

    /// Appends messages to `channel` until it holds `count`, in id order (so index pages fill
    /// sequentially), timestamps spread over the past year. Returns the newest (id, seq).
    private func insertMessages(in channel: Int64, upTo count: Int, senders: [Int64], bodyIndex: inout Int,
                                _ connection: Connection) throws -> (id: Int64, seq: Int64) {
        let have = try connection.scalar("SELECT coalesce(max(seq), 0) FROM messages WHERE channel_id = ?", [.integer(channel)]).int64 ?? 0
        let now = Date().timeIntervalSince1970
        let total = Int64(max(count, 1))
        var seq = have
        while seq < Int64(count) {
            seq += 1
            bodyIndex += 1
            let sentAt = now - 365 * 86_400 * Double(total - seq) / Double(total)
            try connection.run("INSERT INTO messages(channel_id, seq, sender_id, sent_at, body) VALUES (?, ?, ?, ?, ?)",
                               [.integer(channel), .integer(seq), .integer(senders[(bodyIndex &* 7_919) % senders.count]),
                                .real(sentAt), .text(SampleText.body(bodyIndex))])
        }
        let row = try connection.queryRow("SELECT id, seq FROM messages WHERE channel_id = ? ORDER BY id DESC LIMIT 1", [.integer(channel)])
        return (row?["id"].int64 ?? 0, row?["seq"].int64 ?? 0)
    }

    /// The viewer has read all but the newest `unread` messages of the channel.
    private func markRead(_ viewer: Int64, in channel: Int64, behind unread: Int, last: (id: Int64, seq: Int64),
                          _ connection: Connection) throws {
        let seq = max(0, last.seq - Int64(unread))
        let id = try connection.scalar("SELECT id FROM messages WHERE channel_id = ? AND seq = ?", [.integer(channel), .integer(seq)]).int64 ?? 0
        try connection.run("INSERT INTO read_markers(user_id, channel_id, last_read_id, last_read_seq) VALUES (?, ?, ?, ?)",
                           [.integer(viewer), .integer(channel), .integer(id), .integer(seq)])
    }
}
