import ChatCore
import FoundationEssentials

/// Channels: joined rooms plus the public directory, read from the cache.
extension MatrixService {
    /// How long a new session's first read waits for its initial sync before using what is cached.
    static let firstSyncWait = 20.0

    public func channels() async throws -> [Channel] {
        try await channels(directoryPause: DirectoryRefresh.backgroundPause)
    }

    /// The listed channels; the directory is read again behind them when its last reading is
    /// older than `directoryPause`.
    private func channels(directoryPause: Duration) async throws -> [Channel] {
        let active = try await reader()
        // A cache that has synced before answers at once; a brand-new one waits for the first
        // answer (a sliding-sync window of the latest rooms where the server offers it; scripts
        // that need every room wait for the whole first sync with `catchUp`).
        // (Once the first answer is in, nothing is waited for: no read of the token either.)
        if !active.sync.firstAnswer.isOpen, (try? await active.cache.syncToken()) == nil {
            await active.sync.firstAnswer.wait(seconds: Self.firstSyncWait)
        }
        return try await mapped {
            let cached = try await listedChannels(active)
            if cached.isEmpty {
                try await refreshDirectory(active)
                return try await listedChannels(active)
            }
            // Local-first: answer from the cache now, refresh the directory behind it.
            active.directory.inBackground({ [weak self] in try await self?.readDirectory(active) ?? false },
                                          unlessWithin: directoryPause,
                                          changed: { [weak self] in self?.hub.publish(.channelsChanged) })
            return cached
        }
    }

    /// How long a script waits for the whole first sync: an account in a thousand rooms takes
    /// the server itself over 10 s on a loaded machine. A failed sync opens the gate at once, so
    /// an unreachable server is not waited for this long.
    static let catchUpWait = 180.0

    /// Waits for this process's first answered sync: a cache last synced by an earlier run
    /// misses what was said since (`tteok read` printed it stale), and a new one holds only the
    /// first window of rooms (`tteok channels` listed 60 of 1,000).
    ///
    /// A cache that has never read the public directory reads it meanwhile and waits for it
    /// too: behind the answer, the reading died with the script (`tteok channels` on a new cache
    /// listed 310 rooms one run and 312 the next). A cache that has read it lists what it read and
    /// refreshes it behind the answer, as the screen does.
    public func catchUp() async {
        guard let active else { return }
        let directory = Task { [weak self] in
            guard (try? await active.cache.hasReadDirectory()) == false else { return }
            _ = try? await self?.refreshDirectory(active)
        }
        _ = await active.sync.firstSync.wait(seconds: Self.catchUpWait)
        await directory.value
    }

    public func channel(named name: String) async throws -> Channel {
        let active = try await reader()
        let wanted = name.trimmingWhitespace()
        if let found = try await cachedChannel(named: wanted, active) { return found }
        // A room id needs no lookup: the room's details come with opening it.
        if wanted.hasPrefix("!") { return try await mapped { try await channelValue(wanted, active) } }
        // Not in the cache: a room made or joined by another client since the last sync (this
        // account's from curl or Element, or another account's public room the cached directory
        // does not list yet). Ask the server now rather than say "no such channel" until the sync
        // loop or a background directory refresh catches up.
        try await mapped {
            // A guest joins rooms only through tteok, so its cache knows them already.
            if !active.isGuest { try await storeUnsyncedJoinedRooms(active) }
            try await refreshDirectory(active)
        }
        if let found = try await cachedChannel(named: wanted, active) { return found }
        return try await mapped {
            if wanted.hasPrefix("#") { return try await channelValue(try await active.client.resolveAlias(wanted), active) }
            throw ChatError.noSuchChannel(wanted)
        }
    }

    /// The listed or direct channel with this id, name (exactly, then ignoring case) or alias.
    private func cachedChannel(named wanted: String, _ active: Active) async throws -> Channel? {
        // Invitations last: `/join NAME` of an invited room finds it (opening it joins it).
        let candidates = try await channels() + (try await mapped { try await directChannels(active) + invitedChannels(active) })
        if let found = candidates.first(where: { $0.id.raw == wanted })
            ?? candidates.first(where: { $0.name == wanted })
            ?? candidates.first(where: { $0.name.lowercased() == wanted.lowercased() }) {
            return found
        }
        return try await mapped {
            guard let room = try await active.cache.rooms().first(where: { $0.alias == wanted }) else { return nil }
            return try await channelValue(room.id, active)
        }
    }

    /// Joined rooms the cache has not heard of yet get their row and listed state now (the sync
    /// answer that follows fills in their timelines, as for any room).
    func storeUnsyncedJoinedRooms(_ active: Active) async throws {
        // A room the running sync has only begun to store (joined, no state yet) counts as unknown:
        // its state is fetched here too, or a lookup racing that sync misses it by name.
        let known = Set(try await active.cache.rooms().filter { $0.membership == .joined && $0.name != nil }.map(\.id))
        var stored = false
        for room in try await active.client.joinedRooms() where !known.contains(room) {
            try await active.cache.storeJoinedRoom(room, state: try await active.client.roomState(room))
            stored = true
        }
        if stored { hub.publish(.channelsChanged) }
    }

    public func permission(in channel: ChannelID) async -> SendPermission {
        let viewer = await viewer()
        guard case .member = viewer, let active else { return PostingRule.permission(for: viewer, in: Channel(id: channel, name: "", kind: .open)) }
        guard let value = try? await channelValue(channel.raw, active) else { return .denied(.notSignedIn) }
        let blocked: Bool
        if case .direct(let other) = value.kind {
            blocked = (try? await active.cache.ignoredUsers().contains(other.raw)) ?? false
        } else {
            blocked = false
        }
        return PostingRule.permission(for: viewer, in: value, blocked: blocked, canEncrypt: active.encryption != nil)
    }

    public func markRead(_ channel: ChannelID) async throws {
        let active = try await reader()
        try await mapped {
            // The newest event seen outside every thread, whatever its kind: a receipt on the
            // newest message tteok can show would leave a later one unread on the server for
            // ever. A thread's replies are read in the thread (`markThreadRead`).
            var newest = try await active.cache.room(channel.raw)?.newestEventID
            if newest == nil { newest = try await active.cache.events(in: channel.raw, before: nil, limit: 1).last?.eventID }
            guard let target = newest else { return }
            try await active.cache.markRead(channel.raw, upTo: target)
            hub.publish(.countsChanged([channel]))
            // Guests may not send receipts on Synapse: their read marker stays local.
            if !active.isGuest { try await active.client.setReadMarkers(room: channel.raw, event: target) }
        }
    }

    public func activeChannels(since: Date, limit: Int) async throws -> [ChannelActivity] {
        let listed = try await channels(directoryPause: DirectoryRefresh.discoverPause)
        let active = try await reader()
        return try await mapped {
            let byID = Dictionary(listed.map { ($0.id.raw, $0) }, uniquingKeysWith: { first, _ in first })
            let activity = try await active.cache.activity(since: since).compactMap { entry -> ChannelActivity? in
                guard let channel = byID[entry.room] else { return nil }
                return ChannelActivity(channel: channel, messageCount: entry.count, latest: entry.latest.map(active.message))
            }
            return Array(activity.sorted { $0.messageCount > $1.messageCount }.prefix(limit))
        }
    }

    // MARK: Helpers

    /// Listed channels: joined rooms and directory rooms that are not direct conversations, each
    /// under the joined space that lists it (the first by name when several do).
    func listedChannels(_ active: Active) async throws -> [Channel] {
        let (all, listing, directRooms) = try await active.cache.listing()
        let direct = Set(directRooms.values.joined())
        let rooms = all.filter { ($0.membership == .joined || $0.inDirectory) && !direct.contains($0.id) }
        let spaceNames = Dictionary(rooms.filter(\.isSpace).map { ($0.id, $0.displayName) }, uniquingKeysWith: { first, _ in first })
        return rooms.map { room in
            var channel = DomainMapping.channel(room, me: active.userID, directWith: nil)
            channel.parent = listing[room.id]?
                .filter { $0 != room.id && spaceNames[$0] != nil }
                .min { lhs, rhs in
                    let order = NameOrder.compare(spaceNames[lhs] ?? lhs, spaceNames[rhs] ?? rhs)
                    return order == 0 ? lhs < rhs : order < 0
                }
                .map { ChannelID($0) }
            return channel
        }
    }

    func directChannels(_ active: Active) async throws -> [Channel] {
        var result: [Channel] = []
        for (user, rooms) in try await active.cache.directRooms() {
            for id in rooms {
                guard let room = try await active.cache.room(id), room.membership == .joined else { continue }
                result.append(DomainMapping.channel(room, me: active.userID, directWith: user))
            }
        }
        return result
    }

    /// Rooms the viewer is invited to, as channels (none from ignored inviters).
    func invitedChannels(_ active: Active) async throws -> [Channel] {
        try await active.cache.invitations(limit: Self.listedInvites).map { room in
            DomainMapping.channel(room, me: active.userID, directWith: room.inviteIsDirect ? room.inviter : nil)
        }
    }

    /// The channel for a room id, from the cache; an uncached room is shown by its id.
    func channelValue(_ id: String, _ active: Active) async throws -> Channel {
        let direct = try await active.cache.directRooms()
        let other = direct.first { $0.value.contains(id) }?.key
        guard let room = try await active.cache.room(id) else {
            if let other { return Channel(id: ChannelID(id), name: MatrixUser.localpart(other), kind: .direct(with: UserID(other))) }
            return Channel(id: ChannelID(id), name: id, kind: .room(canPost: true))
        }
        return DomainMapping.channel(room, me: active.userID, directWith: other)
    }

    /// Reads the whole public directory into the cache, or waits for the reading in flight; true
    /// when the listing changed.
    @discardableResult
    func refreshDirectory(_ active: Active) async throws -> Bool {
        try await active.directory.now { [weak self] in try await self?.readDirectory(active) ?? false }
    }

    /// One reading of the directory (through `DirectoryRefresh` only, so readings never overlap);
    /// true when it changed what the channel list shows, told by the cache's write (reading
    /// the listing of a thousand rooms before and after cost more than the reading itself).
    private func readDirectory(_ active: Active) async throws -> Bool {
        var rooms: [PublicRoom] = []
        var since: String?
        for _ in 0..<20 {
            let page = try await active.client.publicRooms(limit: 100, since: since)
            rooms += page.chunk
            guard let next = page.next_batch, !page.chunk.isEmpty else { break }
            since = next
        }
        return try await active.cache.storeDirectory(rooms)
    }
}
