import ChatCore
import FoundationEssentials
import Storage

/// Channels as moderators shape them. Part of `ModerationService` (a homeserver has its own
/// admins): the scripting CLI reaches it on the embedded community and through the service.
extension LocalCommunity: ModerationService {
    /// Longest channel name a moderator may give, in characters.
    public static let longestChannelName = 64

    /// The moderator asking, or the refusal ("Only the community's moderators can `action`.").
    /// Runs inside the caller's transaction, so the decision and the change are one.
    func requireModerator(_ connection: Connection, to action: String) throws -> Account {
        let member = try requireMember(connection)
        guard try access.mayModerate(member, connection) else {
            throw ChatError.forbidden("Only the community's moderators can \(action).")
        }
        return member
    }

    /// Creates an open channel, or the channel of `region`. Moderators only: a member, a guest or
    /// someone signed out is refused, and nothing is stored.
    public func createChannel(named name: String, region: String?) async throws -> Channel {
        let wanted = try Self.checkedChannelName(name)
        let regionName = region.map { Normalization.nfc($0.trimmingWhitespace()) }
        if let regionName, regionName.isEmpty { throw ChatError.invalidInput("A region needs a name.") }
        let channel = try await write { connection in
            _ = try self.requireModerator(connection, to: "create channels")
            try Self.checkNameFree(wanted, except: nil, connection)
            let now = SQLValue.real(Date().timeIntervalSince1970)
            if let regionName {
                try connection.run("INSERT INTO channels(name, kind, region, created_at) VALUES (?, 'region', ?, ?)", [.text(wanted), .text(regionName), now])
            } else {
                try connection.run("INSERT INTO channels(name, kind, created_at) VALUES (?, 'open', ?)", [.text(wanted), now])
            }
            let id = connection.lastInsertRowID
            _ = try ChannelKeys.fillBatch(connection)
            return try self.channelRow(id, connection)
        }
        publishSharedChange(.channelsChanged)
        return channel
    }

    /// Renames an open or region channel (a region channel keeps its region). Moderators only.
    public func renameChannel(_ id: ChannelID, to name: String) async throws -> Channel {
        let wanted = try Self.checkedChannelName(name)
        let channel = try await write { connection in
            _ = try self.requireModerator(connection, to: "rename channels")
            let key = try self.listedChannelKey(id, connection)
            try Self.checkNameFree(wanted, except: key, connection)
            try connection.run("UPDATE channels SET name = ?, sort_key = ? WHERE id = ?",
                               [.text(wanted), .text(ChannelKeys.sortKey(wanted)), .integer(key)])
            return try self.channelRow(key, connection)
        }
        publishSharedChange(.channelsChanged)
        return channel
    }

    /// Archives or restores an open channel. A region channel is where its region's members post:
    /// it cannot be archived (rename it instead). Moderators only.
    public func setArchived(_ id: ChannelID, _ archived: Bool) async throws -> Channel {
        let channel = try await write { connection in
            _ = try self.requireModerator(connection, to: archived ? "archive channels" : "restore archived channels")
            let key = try self.listedChannelKey(id, connection)
            if archived, try connection.scalar("SELECT kind FROM channels WHERE id = ?", [.integer(key)]) == .text("region") {
                throw ChatError.invalidInput("A region channel cannot be archived: its region's members post there. Rename it instead.")
            }
            try connection.run("UPDATE channels SET archived = ? WHERE id = ?", [SQLValue(archived), .integer(key)])
            return try self.channelRow(key, connection)
        }
        publishSharedChange(.channelsChanged)
        return channel
    }

    /// The archived channels by name; anyone may read them.
    public func archivedChannels() async throws -> [Channel] {
        let viewer = state.viewerKey
        return try await read { connection in
            try connection.query("\(CommunitySQL.channel) WHERE c.kind != 'direct' AND c.archived = 1 ORDER BY c.sort_key, c.id",
                                 [.integer(viewer)]).map(CommunitySQL.channel)
        }
    }

    /// A channel name as stored: trimmed, no leading `#`, canonical, with no control or format
    /// characters, 1 to `longestChannelName` characters.
    static func checkedChannelName(_ name: String) throws -> String {
        let wanted = Normalization.nfc(String(name.trimmingWhitespace().drop { $0 == "#" }))
        guard !wanted.isEmpty, wanted.count <= longestChannelName else {
            throw ChatError.invalidInput("A channel name is 1 to \(longestChannelName) characters.")
        }
        guard !wanted.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format }) else {
            throw ChatError.invalidInput("A channel name cannot hold control or format characters.")
        }
        return wanted
    }

    // MARK: Helpers

    /// Two channels never share a name, nor names equal but for case (equal sort keys).
    private static func checkNameFree(_ name: String, except key: Int64?, _ connection: Connection) throws {
        let taken = try connection.queryRow("SELECT id FROM channels WHERE kind != 'direct' AND (name = ? OR sort_key = ?) AND id != ?",
                                            [.text(name), .text(ChannelKeys.sortKey(name)), .integer(key ?? -1)])
        if taken != nil { throw ChatError.invalidInput("A channel named \(InertText.sanitize(name)) exists already.") }
    }

    /// The row key of a channel that is not a direct conversation (those are not moderated here).
    private func listedChannelKey(_ id: ChannelID, _ connection: Connection) throws -> Int64 {
        let channel = try visibleChannel(id, connection)
        guard !channel.isDirect, let key = CommunitySQL.key(channel.id.raw) else { throw ChatError.noSuchChannel(id.raw) }
        return key
    }

    private func channelRow(_ key: Int64, _ connection: Connection) throws -> Channel {
        guard let row = try connection.queryRow("\(CommunitySQL.channel) WHERE c.id = ?2", [.integer(state.viewerKey), .integer(key)]) else {
            throw ChatError.storage("the channel could not be read back")
        }
        return CommunitySQL.channel(row)
    }
}
