import ChatCore
import FoundationEssentials
import Storage

/// Full-text search through `MessageSearchIndex`, with the reading rules of history pages:
/// channels the viewer can see, their own direct conversations only, blocked members hidden.
extension LocalCommunity {
    /// The index is walked newest first (FTS5 serves `ORDER BY rowid DESC` from its doclists) and
    /// each hit is checked against the rules by primary key, so the first page costs about the
    /// hits it reads, however large the file.
    private static let searchSQL = """
        SELECT m.id, m.channel_id, m.sender_id, COALESCE(m.sender_nickname, u.nickname) AS nickname, m.sent_at, m.image_id,
               i.file_name, i.mime_type, i.byte_count, i.width, i.height
        FROM message_search s CROSS JOIN messages m ON m.id = s.rowid
        JOIN users u ON u.id = m.sender_id LEFT JOIN images i ON i.id = m.image_id
        JOIN channels c ON c.id = m.channel_id
        WHERE message_search MATCH ?2 AND s.rowid < ?3 AND (?4 IS NULL OR m.channel_id = ?4)
          AND \(CommunitySQL.visibleChannel) AND \(CommunitySQL.notBlocked)
        ORDER BY s.rowid DESC LIMIT ?5
        """

    public func search(_ query: SearchQuery) async throws -> SearchPage {
        guard let expression = SearchTerms.matchExpression(query.text) else {
            throw ChatError.invalidInput("Search for at least one letter or digit.")
        }
        let before = try query.after.map { token -> Int64 in
            guard let key = CommunitySQL.key(token.raw) else { throw ChatError.invalidInput("Bad page token.") }
            return key
        } ?? Int64.max
        let viewer = state.viewerKey
        let limit = min(max(1, query.limit), 500)
        return try await read { connection in
            let channel = try query.channel.map { try CommunitySQL.key(self.visibleChannel($0, connection).id.raw) ?? 0 }
            let rows = try connection.query(Self.searchSQL, [.integer(viewer), .text(expression), .integer(before),
                                                              SQLValue(channel), .integer(Int64(limit + 1))])
            var names: [ChannelID: String] = [:]
            let hits = try rows.prefix(limit).map { row -> SearchHit in
                let message = try CommunitySQL.message(row, connection)
                if names[message.channelID] == nil { names[message.channelID] = try self.visibleChannel(message.channelID, connection).name }
                return SearchHit(message: message, channelName: names[message.channelID] ?? "",
                                 snippet: SearchSnippet.make(body: message.content.summary, query: query.text))
            }
            let next: Paging = rows.count > limit ? .haveMore(PageToken(hits.last?.message.id.raw ?? "0")) : .done
            return SearchPage(hits: hits, next: next)
        }
    }
}
