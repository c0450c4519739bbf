import ChatCore
import FoundationEssentials
import Storage

/// Reading the reports back, for whoever moderates the community file (`tteok reports`).
///
/// Not part of `ChatService`: on Matrix a report goes to the homeserver's admins and no client
/// can list them, so this exists only where the community is a file we hold.
extension LocalCommunity {
    /// Every report, oldest first, with the reported message as stored. In the service only
    /// moderators may list them; a moderator who was reported does not learn who reported them.
    public func reports() async throws -> [ReportRecord] {
        let access = access
        return try await read { connection in
            // Whoever holds the file directly reads its reports signed in or not; in the service,
            // moderators only.
            let viewer = try self.currentAccount(connection)
            if access != .directFile {
                guard let viewer, try access.mayModerate(viewer, connection) else {
                    throw ChatError.forbidden("Only the community's moderators can list reports.")
                }
            }
            let records = try connection.query("""
                SELECT r.id AS report_id, r.created_at AS reported_at, r.reason,
                       ru.id AS reporter_id, ru.nickname AS reporter_nickname, ru.email AS reporter_email,
                       c.name AS channel_name, c.kind AS channel_kind,
                       m.id, m.channel_id, m.sender_id, COALESCE(m.sender_nickname, u.nickname) AS nickname, m.sent_at, m.image_id,
                       i.file_name, i.mime_type, i.byte_count, i.width, i.height
                FROM reports r
                JOIN users ru ON ru.id = r.reporter_id
                JOIN channels c ON c.id = r.channel_id
                JOIN messages m ON m.id = r.message_id
                JOIN users u ON u.id = m.sender_id
                LEFT JOIN images i ON i.id = m.image_id
                ORDER BY r.id
                """).map { try Self.report($0, connection) }
            return records.map { viewer?.id == $0.message.senderID ? Self.withoutReporter($0) : $0 }
        }
    }

    /// The report as the person reported may see it: nobody's name on it.
    private static func withoutReporter(_ record: ReportRecord) -> ReportRecord {
        var hidden = record
        hidden.reporter = UserProfile(id: UserID("0"), nickname: "(hidden)", email: nil)
        return hidden
    }

    private static func report(_ row: Row, _ connection: Connection) throws -> ReportRecord {
        let reporter = UserProfile(id: UserID(String(row["reporter_id"].int64 ?? 0)), nickname: row["reporter_nickname"].string ?? "",
                                   email: row["reporter_email"].string)
        return ReportRecord(
            id: row["report_id"].int64 ?? 0, reportedAt: Date(timeIntervalSince1970: row["reported_at"].double ?? 0),
            reason: row["reason"].string ?? "", reporter: reporter, message: try CommunitySQL.message(row, connection),
            channelName: row["channel_kind"].string == "direct" ? "" : row["channel_name"].string ?? "",
            channelKind: row["channel_kind"].string ?? "")
    }
}
