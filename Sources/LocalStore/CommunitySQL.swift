import ChatCore
import FoundationEssentials
import Storage

/// SQL shared by the community's queries, and the mapping of its rows to ChatCore values.
/// Convention: `?1` is always the viewer's user id (-1 for no one), used by the block filter and
/// direct-channel visibility.
enum CommunitySQL {
    /// A message row without its body: `message(_:_:)` reads at most `ReadingCap.bytes` of that.
    static let message = """
        SELECT m.id, m.channel_id, m.sender_id, COALESCE(m.sender_nickname, u.nickname) AS nickname, m.sent_at, m.image_id,
               i.file_name, i.mime_type, i.byte_count, i.width, i.height, i.kind AS attachment_kind,
               \(MessageRelationsSQL.columns)
        FROM messages m JOIN users u ON u.id = m.sender_id LEFT JOIN images i ON i.id = m.image_id
        \(MessageRelationsSQL.joins)
        """
    /// Hides the messages of users the viewer blocked.
    static let notBlocked = "m.sender_id NOT IN (SELECT blocked_id FROM blocks WHERE blocker_id = ?1)"

    static let channel = """
        SELECT c.id, c.name, c.kind, c.region, c.topic, c.archived, o.id AS other_id, o.nickname AS other_nickname, o.email AS other_email
        FROM channels c LEFT JOIN users o
          ON c.kind = 'direct' AND o.id = (CASE WHEN c.member_low = ?1 THEN c.member_high ELSE c.member_low END)
        """
    /// Direct conversations are visible to their two members only.
    static let visibleChannel = "(c.kind != 'direct' OR ?1 IN (c.member_low, c.member_high))"

    /// Channels the default list shows: archived ones are left out (still readable by name).
    static let listedChannel = "c.kind != 'direct' AND c.archived = 0"

    /// An account with what the community asks of it: the newest published terms version and a
    /// mute in force (`unixepoch()`: a mute whose time is up no longer counts, nothing to clean).
    static let account = """
        SELECT id, email, nickname, region, terms_version,
               (SELECT max(version) FROM terms) AS required_terms,
               (SELECT reason FROM sanctions WHERE user_id = users.id AND kind = 'mute' AND \(Sanctions.inForce)) AS mute_reason,
               (SELECT until FROM sanctions WHERE user_id = users.id AND kind = 'mute' AND \(Sanctions.inForce)) AS mute_until
        FROM users
        """

    /// The message of a `message` row; its text body is read through a blob handle, at most
    /// `ReadingCap.bytes` of it, so a body of any size that a writer put in the file costs no more.
    static func message(_ row: Row, _ connection: Connection) throws -> Message {
        let content: MessageContent
        var omitted = 0
        let id = row["id"].int64 ?? 0
        if let imageID = row["image_id"].int64 {
            content = attachment(imageID, row)
        } else {
            let prefix = try bodyPrefix(of: id, connection)
            let body = ReadingCap.text(from: prefix.bytes, totalBytes: prefix.totalBytes)
            content = .text(body.text)
            omitted = body.omittedBytes
        }
        let message = Message(
            id: MessageID(String(id)), channelID: ChannelID(String(row["channel_id"].int64 ?? 0)),
            senderID: UserID(String(row["sender_id"].int64 ?? 0)), senderNickname: row["nickname"].string ?? "",
            sentAt: Date(timeIntervalSince1970: row["sent_at"].double ?? 0), content: content, omittedBytes: omitted)
        return MessageRelationsSQL.resolved(message, row)
    }

    /// An attachment row as an image (previewed) or a file (saved), by the kind it was stored as.
    private static func attachment(_ key: Int64, _ row: Row) -> MessageContent {
        let name = row["file_name"].string ?? "", type = row["mime_type"].string ?? "", size = row["byte_count"].int ?? 0
        if let kind = row["attachment_kind"].string.flatMap(FileInfo.Kind.init(rawValue:)) {
            return .file(FileInfo(kind: kind, fileName: name, mimeType: type, byteCount: size, reference: String(key)))
        }
        return .image(ImageInfo(fileName: name, mimeType: type, byteCount: size, width: row["width"].int, height: row["height"].int,
                                reference: String(key)))
    }

    /// A body's first bytes. A writer that bypassed the store may have put a number where text
    /// belongs (blob handles open only text and blobs): that value is small, so it is read whole.
    private static func bodyPrefix(of id: Int64, _ connection: Connection) throws -> StoredPrefix {
        if let prefix = try? connection.prefix(of: "messages", "body", row: id, maxBytes: ReadingCap.bytes) { return prefix }
        let value = try connection.scalar("SELECT CAST(body AS TEXT) FROM messages WHERE id = ? AND typeof(body) NOT IN ('text', 'blob')",
                                          [.integer(id)]).string ?? ""
        return StoredPrefix(bytes: Array(value.utf8), totalBytes: value.utf8.count)
    }

    static func channel(_ row: Row) -> Channel {
        let name = row["name"].string ?? ""
        let kind: ChannelKind
        var shownName = name
        switch row["kind"].string {
        case "region": kind = .region(row["region"].string ?? name)
        case "direct":
            kind = .direct(with: UserID(String(row["other_id"].int64 ?? 0)))
            let nickname = row["other_nickname"].string ?? ""
            shownName = nickname.isEmpty ? (row["other_email"].string ?? "") : nickname
        default: kind = .open
        }
        return Channel(id: ChannelID(String(row["id"].int64 ?? 0)), name: shownName, kind: kind, topic: row["topic"].string ?? "",
                       isArchived: row["archived"].int == 1)
    }

    static func account(_ row: Row) -> Account {
        Account(id: UserID(String(row["id"].int64 ?? 0)), email: row["email"].string ?? "",
                nickname: row["nickname"].string ?? "", region: row["region"].string,
                acceptedTermsVersion: row["terms_version"].int,
                requiredTermsVersion: max(row["required_terms"].int ?? CommunityTerms.currentVersion, CommunityTerms.currentVersion),
                mute: row["mute_reason"].string.map { Mute(reason: $0, until: row["mute_until"].double.map(Date.init(timeIntervalSince1970:))) })
    }

    /// Another user as the viewer sees them: email only for the viewer's own profile.
    static func profile(_ row: Row, viewer: Int64) -> UserProfile {
        let id = row["id"].int64 ?? 0
        return UserProfile(id: UserID(String(id)), nickname: row["nickname"].string ?? "",
                           email: id == viewer ? row["email"].string : nil, region: row["region"].string)
    }

    /// The row key inside an id, or nil when it is not one of ours.
    static func key(_ raw: String) -> Int64? { Int64(raw) }
}

extension Account {
    /// The row key of an account this store made.
    var key: Int64 { CommunitySQL.key(id.raw) ?? -1 }
}
