import ChatCore
import Foundation
import LocalStore
import Storage

/// A community of its own for the completion rows: one open channel in which each of the given
/// nicknames posted once, so `memberNames` answers with all of them as it would in a big room.
/// The viewer signs up through LocalStore; the members are written in one transaction.
final class MembersFixture {
    let community: LocalCommunity
    let channel: ChannelID
    private let folder: URL

    private init(community: LocalCommunity, channel: ChannelID, folder: URL) {
        self.community = community
        self.channel = channel
        self.folder = folder
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    static func make(nicknames: [String]) async throws -> MembersFixture {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tteok-bench-members-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = folder.appendingPathComponent("community.sqlite")
        let community = try LocalCommunity(storeURL: store, sessionFile: folder.appendingPathComponent("session.json"))
        _ = try await community.signUp(SignUpRequest(identifier: "viewer@example.com", password: "completion bench",
                                                     nickname: "viewer", region: "마포구", acceptTerms: true))
        try fill(store, nicknames: nicknames)
        let channel = try await community.channel(named: channelName)
        return MembersFixture(community: community, channel: channel.id, folder: folder)
    }

    private static let channelName = "members-bench"

    private static func fill(_ store: URL, nicknames: [String]) throws {
        var configuration = Database.Configuration()
        configuration.observesOtherProcesses = false
        let database = try Database(path: store.path, configuration: configuration)
        let now = Date().timeIntervalSince1970
        try database.writeSync { connection in
            try connection.run("INSERT INTO channels(name, kind, topic, created_at) VALUES (?, 'open', '', ?)", [.text(channelName), .real(now)])
            let channel = connection.lastInsertRowID
            for (index, nickname) in nicknames.enumerated() {
                let email = "member\(index)@example.com"
                try connection.run("INSERT INTO users(email, email_key, nickname, region, terms_version, created_at) VALUES (?, ?, ?, '마포구', 1, ?)",
                                   [.text(email), .text(email), .text(nickname), .real(now)])
                try connection.run("INSERT INTO messages(channel_id, seq, sender_id, sent_at, body) VALUES (?, ?, ?, ?, 'hi')",
                                   [.integer(channel), .integer(Int64(index + 1)), .integer(connection.lastInsertRowID), .real(now)])
            }
        }
    }
}
