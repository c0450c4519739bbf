import ChatCore
import FoundationEssentials
import Storage

/// The small community a new file starts with, so a first run has somewhere to talk.
enum DemoCommunity {
    /// Seoul districts, one region channel each.
    static let regions = ["마포구", "강남구", "종로구", "송파구", "관악구"]
    static let openChannels = [
        ("lobby", "Say hello — every member can post here."),
        ("help", "Questions about tteok and the community."),
    ]
    /// The account the welcome message comes from. It has no password, so no one can log in as it.
    static let systemEmail = "system@tteok.invalid"
    static let systemNickname = "tteok"
    static let welcome = """
        Welcome to tteok! 떡볶이를 사랑하는 이웃들의 커뮤니티에 오신 것을 환영합니다. \
        Guests can read everything; members post in lobby, help and their own district.
        """

    static func seed(_ connection: Connection) throws {
        let now = SQLValue.real(Date().timeIntervalSince1970)
        try connection.run(
            "INSERT INTO users(email, email_key, nickname, terms_version, created_at) VALUES (?, ?, ?, ?, ?)",
            [.text(systemEmail), .text(systemEmail), .text(systemNickname), .integer(Int64(CommunityTerms.currentVersion)), now])
        let system = connection.lastInsertRowID
        for region in regions {
            try connection.run("INSERT INTO channels(name, kind, region, topic, created_at) VALUES (?, 'region', ?, ?, ?)",
                               [.text(region), .text(region), .text("\(region) 이웃들의 채널 — neighbours of \(region)."), now])
        }
        for (name, topic) in openChannels {
            try connection.run("INSERT INTO channels(name, kind, topic, created_at) VALUES (?, 'open', ?, ?)", [.text(name), .text(topic), now])
        }
        let lobby = try connection.scalar("SELECT id FROM channels WHERE name = 'lobby'")
        try connection.run("INSERT INTO messages(channel_id, seq, sender_id, sent_at, body) VALUES (?, 1, ?, ?, ?)",
                           [lobby, .integer(system), now, .text(welcome)])
    }
}
