import ChatCore
import FoundationEssentials
import Storage

/// The channel list a page at a time, ordered by the indexed keys (`ChannelKeys`), and the
/// unread counts of one page: the work is the page's, whatever the number of channels.
extension LocalCommunity {
    public func channelPage(region: String?, after token: PageToken?, limit: Int) async throws -> ChannelPage {
        let viewer = state.viewerKey
        let limit = max(1, limit)
        try await keyNewChannels()
        return try await read { connection in
            let pinned = try region.flatMap { try Self.regionChannel($0, viewer: viewer, connection) }
            var channels = token == nil ? pinned.map { [$0] } ?? [] : []
            let after: (key: String, id: Int64) = try token.map { try Self.position(after: $0, connection) } ?? ("", -1)
            let rows = try connection.query("""
                \(CommunitySQL.channel) WHERE \(CommunitySQL.listedChannel) AND (c.sort_key, c.id) > (?2, ?3) AND c.id != ?4
                ORDER BY c.sort_key, c.id LIMIT ?5
                """, [.integer(viewer), .text(after.key), .integer(after.id), .integer(pinned.flatMap { CommunitySQL.key($0.id.raw) } ?? -1),
                      .integer(Int64(limit + 1 - channels.count))])
            let named = rows.prefix(limit - channels.count).map(CommunitySQL.channel)
            channels += named
            let next: Paging = rows.count > named.count ? .haveMore(PageToken(named.last?.id.raw ?? "")) : .done
            return ChannelPage(channels: channels, pinned: token == nil ? pinned?.id : nil, next: next)
        }
    }

    /// Every count of the page in one read: per channel two index lookups and the blocked senders'.
    public func unreadCounts(in channels: [ChannelID]) async -> [ChannelID: Result<Int, ChatError>] {
        let viewer = state.viewerKey
        let guestSeen = guestMarkers.withLock { $0 }
        let counts = try? await read { connection in
            channels.map { id -> (ChannelID, Result<Int, ChatError>) in
                do {
                    return (id, .success(try self.unread(in: id, viewer: viewer, guestSeen: guestSeen, connection)))
                } catch {
                    return (id, .failure(StoreErrors.map(error)))
                }
            }
        }
        guard let counts else { return Dictionary(uniqueKeysWithValues: channels.map { ($0, .failure(.storage("The community file could not be read."))) }) }
        return Dictionary(counts) { first, _ in first }
    }

    /// Channels written since the file was opened without their keys (straight into the file, or
    /// by an older tteok) are keyed before a page is read, so the list never leaves them out.
    private func keyNewChannels() async throws {
        guard try await read(ChannelKeys.hasUnkeyed) else { return }
        while try await write(ChannelKeys.fillBatch) > 0 {}
    }

    /// The region channel pinned for `region`: the first by name among those of that region.
    private static func regionChannel(_ region: String, viewer: Int64, _ connection: Connection) throws -> Channel? {
        try connection.queryRow("\(CommunitySQL.channel) WHERE c.kind = 'region' AND c.region_key = ?2 ORDER BY c.sort_key, c.id LIMIT 1",
                                [.integer(viewer), .text(ChannelKeys.regionKey(region))]).map(CommunitySQL.channel)
    }

    /// Where the page after `token` (the last channel id of a page) starts.
    private static func position(after token: PageToken, _ connection: Connection) throws -> (key: String, id: Int64) {
        guard let id = CommunitySQL.key(token.raw),
              let key = try connection.scalar("SELECT sort_key FROM channels WHERE id = ?", [.integer(id)]).string else {
            throw ChatError.invalidInput("Bad page token.")
        }
        return (key, id)
    }
}
