import ChatCore
import FoundationEssentials
import Storage

/// The channel list, lookup, the posting rule per channel, unread counts and read markers.
extension LocalCommunity {
    public func channels() async throws -> [Channel] {
        let viewer = state.viewerKey
        return try await read { connection in
            try connection.query("\(CommunitySQL.channel) WHERE \(CommunitySQL.listedChannel) ORDER BY c.id", [.integer(viewer)]).map(CommunitySQL.channel)
        }
    }

    /// By exact name, then by id, then by name ignoring case (`#` prefix allowed). Each step is
    /// an index lookup (names, ids, sort keys): a file with a million channels answers as fast.
    public func channel(named name: String) async throws -> Channel {
        let wanted = Normalization.nfc(String(name.trimmingWhitespace().drop { $0 == "#" }))
        let viewer = state.viewerKey
        let found = try await read { connection -> Channel? in
            let listed = "\(CommunitySQL.channel) WHERE c.kind != 'direct' AND"
            if let exact = try connection.queryRow("\(listed) c.name = ?2", [.integer(viewer), .text(wanted)]) {
                return CommunitySQL.channel(exact)
            }
            if CommunitySQL.key(wanted) != nil, let byID = try? self.visibleChannel(ChannelID(wanted), connection) { return byID }
            // Names equal but for case have equal sort keys; the key also ignores leading zeros, so check.
            return try connection.query("\(listed) c.sort_key = ?2 ORDER BY c.id", [.integer(viewer), .text(ChannelKeys.sortKey(wanted))])
                .map(CommunitySQL.channel).first { $0.name.lowercased() == wanted.lowercased() }
        }
        guard let found else { throw ChatError.noSuchChannel(name) }
        return found
    }

    public func permission(in channel: ChannelID) async -> SendPermission {
        let answer = try? await read { connection -> SendPermission in
            guard let account = try self.currentAccount(connection) else {
                if case .guest = self.state { return .denied(.guest) }
                return .denied(.notSignedIn)
            }
            return try self.permission(account, self.visibleChannel(channel, connection), connection)
        }
        return answer ?? .denied(state.userID == nil ? .notSignedIn : .readOnlyRoom)
    }

    /// Unseen messages: the channel's last sequence number minus the one at the viewer's marker
    /// (two index lookups), less the unseen messages of blocked senders (an index range per
    /// blocked user). A viewer new to the channel has seen nothing.
    public func unreadCount(in channel: ChannelID) async throws -> Int {
        let viewer = state.viewerKey
        let guestSeen = guestMarkers.withLock { $0 }
        return try await read { try self.unread(in: channel, viewer: viewer, guestSeen: guestSeen, $0) }
    }

    /// One channel's count for `viewer` (a guest's positions are `guestSeen`).
    func unread(in channel: ChannelID, viewer: Int64, guestSeen: [Int64: Int64], _ connection: Connection) throws -> Int {
        let key = try CommunitySQL.key(visibleChannel(channel, connection).id.raw) ?? 0
        return try Self.unread(inChannel: key, viewer: viewer, guestSeen: guestSeen, connection)
    }

    /// The count rule, for a channel `viewer` may see: asked for (`unreadCounts`) and pushed with
    /// new messages by the service's feed (`LiveBatch`) alike.
    static func unread(inChannel key: Int64, viewer: Int64, guestSeen: [Int64: Int64], _ connection: Connection) throws -> Int {
        let latest = try ReadMarkers.latest(in: key, connection)
        let seen = viewer < 0 ? ReadMarkers.Position(id: 0, seq: guestSeen[key] ?? 0) : try ReadMarkers.seen(by: viewer, in: key, connection)
        let hidden = try ReadMarkers.blockedMessages(by: viewer, in: key, after: seen.id, connection)
        return max(0, Int(latest.seq - seen.seq) - hidden)
    }

    public func markRead(_ channel: ChannelID) async throws {
        let viewer = state.viewerKey
        let (key, position, isDirect) = try await write { connection in
            let found = try self.visibleChannel(channel, connection)
            let key = CommunitySQL.key(found.id.raw) ?? 0
            let latest = try ReadMarkers.latest(in: key, connection)
            if viewer >= 0 { try ReadMarkers.mark(latest, by: viewer, in: key, connection) }
            return (key, latest, found.isDirect)
        }
        if viewer < 0 { guestMarkers.withLock { $0[key] = position.seq } }
        hub.publish(.countsChanged([channel]))
        if isDirect { hub.publish(.conversationsChanged) }
    }
}
