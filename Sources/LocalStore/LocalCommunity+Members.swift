import ChatCore
import FoundationEssentials
import Storage

/// The member list of a channel. The community has no joins: a channel's members are the people
/// who posted in it (thread replies included), and a direct conversation's are its two people.
/// Blocked members are left out, as their messages are. Presence is the service's to add: the
/// file alone cannot tell who is connected.
extension LocalCommunity: MembersService {
    public func members(of channel: ChannelID, limit: Int) async throws -> MemberList {
        let viewer = state.viewerKey
        let limit = MemberList.clamp(limit)
        return try await read { connection in
            let key = try CommunitySQL.key(self.visibleChannel(channel, connection).id.raw) ?? 0
            let arguments: [SQLValue] = [.integer(viewer), .integer(key)]
            let total = try connection.scalar("\(Self.people) SELECT count(*) FROM people", arguments).int64 ?? 0
            let rows = try connection.query("""
                \(Self.people)
                SELECT u.id, u.nickname FROM people JOIN users u ON u.id = people.id
                ORDER BY lower(u.nickname), u.id LIMIT ?3
                """, arguments + [.integer(Int64(limit))])
            let members = rows.map { ChannelMember(user: UserID(String($0["id"].int64 ?? 0)), nickname: $0["nickname"].string ?? "") }
            return MemberList(members: members, total: Int(total))
        }
    }

    /// Always complete: the file holds every message.
    public func fetchMembers(of channel: ChannelID) async throws {}

    /// The same members' nicknames, no more than `MemberList.maximumNames` of them.
    public func memberNames(of channel: ChannelID) async throws -> [String] {
        let viewer = state.viewerKey
        return try await read { connection in
            let key = try CommunitySQL.key(self.visibleChannel(channel, connection).id.raw) ?? 0
            let arguments: [SQLValue] = [.integer(viewer), .integer(key), .integer(Int64(MemberList.maximumNames))]
            return try connection.query("""
                \(Self.people)
                SELECT u.nickname FROM people JOIN users u ON u.id = people.id LIMIT ?3
                """, arguments).map { $0["nickname"].string ?? "" }
        }
    }

    /// The channel's (?2) distinct posters by a skip scan of `messages_by_sender_in_channel`
    /// (one probe per member, not one per message: a channel of a million messages and 10,000
    /// posters costs 10,000 probes), with a direct conversation's two people, less those the
    /// viewer (?1) blocked.
    private static let people = """
        WITH RECURSIVE posters(id) AS (
            SELECT (SELECT min(sender_id) FROM messages WHERE channel_id = ?2)
            UNION ALL
            SELECT (SELECT min(sender_id) FROM messages WHERE channel_id = ?2 AND sender_id > posters.id)
            FROM posters WHERE posters.id IS NOT NULL
        ), people(id) AS (
            SELECT id FROM posters WHERE id IS NOT NULL
            UNION SELECT member_low FROM channels WHERE id = ?2 AND kind = 'direct'
            UNION SELECT member_high FROM channels WHERE id = ?2 AND kind = 'direct'
            EXCEPT SELECT blocked_id FROM blocks WHERE blocker_id = ?1
        )
        """
}
