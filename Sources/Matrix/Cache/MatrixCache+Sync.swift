import ChatCore
import FoundationEssentials
import MatrixCrypto
import Storage

/// What one `/sync` answer changed, so the service can publish exactly that.
struct SyncOutcome: Sendable {
    /// Newly cached messages per room, oldest first (thread replies too: they carry their root).
    var newEvents: [String: [String]] = [:]
    /// Those messages as `events(ids:)` reads them, read in the answer's own transaction: a read
    /// of its own after the commit was one more trip through the database's queue per answer.
    /// Only for an answer that moves the position (a live one): a cold start's window and pages
    /// fill the cache ahead of it, and reading their six hundred messages back before the commit
    /// kept the first screen's reads waiting (1.5–2 ms). Those answers are history
    /// (`fillsHistory`), which is never published as messages, so nobody reads them back.
    var newMessages: [String: [CachedEvent]] = [:]
    /// Cached messages whose relations changed (edited, reacted to, deleted, thread replies), per room.
    var changed: [String: Set<String>] = [:]
    var roomsChanged = false
    var countsChanged: Set<String> = []
    /// Account data whose content changed (the same content saved again is no change).
    var accountDataTypes: Set<String> = []
    /// Direct-conversation invites to accept: room → inviter.
    var directInvites: [String: String] = [:]
    /// Cached placeholders decrypted in place (their key arrived after them).
    var decryptedInPlace: [String] = []
    /// Who the server says types in each room whose set changed (`m.typing`), in its order.
    var typing: [String: [String]] = [:]
    /// The answer filled a cache that has no position yet (a cold start's window and pages, or
    /// the initial `/sync`): its messages are the rooms' history, which the user may well have
    /// read elsewhere, not news. They are told as changed rooms, counts and conversations,
    /// never as new messages: a new log-in rang the bell for every direct message and mention
    /// of the last ten events of sixty rooms, and put every room on the hotlist.
    var fillsHistory = false
}

extension MatrixCache {
    /// Writes one sync answer, its token included, in one transaction: a crash never leaves the
    /// token ahead of the data. `movingPosition` false keeps the token (an answer that fills the
    /// cache ahead of it, such as a cold start's first window).
    func apply(_ sync: SyncResponse, movingPosition: Bool = true, adopting sighting: OwnProfile? = nil,
               snapshottingFirstScreen: Bool = false) async throws -> SyncOutcome {
        let me = userID
        let database = database
        let (outcome, snapshot) = try await database.write { connection -> (SyncOutcome, FirstScreenSnapshot?) in
            var outcome = SyncOutcome()
            // A new cache takes the name the answer told (`OwnProfile`); one that has a
            // name keeps it (the profile's own reading set it).
            if let sighting {
                _ = try connection.run("INSERT OR IGNORE INTO meta (key, value) VALUES ('displayname', ?)", [.text(sighting.displayName)])
            }
            for event in sync.account_data?.events ?? [] {
                if try MatrixCache.storeAccountData(event.type, event.content, in: connection) {
                    outcome.accountDataTypes.insert(event.type)
                }
            }
            // Mostly none: then no room looks for them (a window's sixty rooms, a page's two hundred).
            let unseen = try MatrixCache.hasUnseenSends(in: connection)
            for (id, room) in sync.rooms?.join ?? [:] {
                try MatrixCache.applyJoined(id, room, me: me, unseen: unseen, outcome: &outcome, in: connection)
            }
            for (id, room) in sync.rooms?.invite ?? [:] {
                try MatrixCache.applyInvite(id, room, me: me, outcome: &outcome, in: connection)
            }
            for id in (sync.rooms?.leave ?? [:]).keys {
                try MatrixCache.setMembership(id, .left, in: connection)
                outcome.roomsChanged = true
            }
            if unseen { try MatrixCache.countAnswerForUnseenSends(in: connection) }
            for (room, ids) in outcome.newEvents where movingPosition {
                outcome.newMessages[room] = try MatrixCache.events(ids: ids, me: me, in: connection)
            }
            if movingPosition {
                _ = try connection.run("INSERT OR REPLACE INTO meta (key, value) VALUES ('sync_token', ?)", [.text(sync.next_batch)])
            }
            guard snapshottingFirstScreen else { return (outcome, nil) }
            // The count moves on with this write's commit, and only on this queue.
            return (outcome, try MatrixCache.firstScreenSnapshot(me: me, writesAfterCommit: database.committedWrites + 1, in: connection))
        }
        if let snapshot { firstScreen.withLock { $0 = snapshot } }
        if outcome.accountDataTypes.contains(MatrixCache.directType) { forgetDirectRooms() }
        return outcome
    }

    private static func setMembership(_ room: String, _ membership: CachedRoom.Membership, in connection: Connection) throws {
        _ = try connection.run("INSERT INTO rooms (room_id, membership) VALUES (?1, ?2) ON CONFLICT (room_id) DO UPDATE SET membership = ?2",
                               [.text(room), .text(membership.rawValue)])
    }

    private static func applyJoined(_ id: String, _ room: JoinedRoom, me: String, unseen: Bool, outcome: inout SyncOutcome,
                                    in connection: Connection) throws {
        let before = try MatrixCache.room(id, in: connection)
        if before?.membership != .joined {
            try setMembership(id, .joined, in: connection)
            outcome.roomsChanged = true
        }
        let timeline = room.timeline?.events ?? []
        // The state before the timeline, and the room's other state changes in it, first; a
        // member event of the timeline is taken in its place among the lines below, so each
        // message keeps the name its sender had when it was written.
        let state = room.state?.events ?? []
        // A state event the timeline carries too is applied once, in its place in the timeline: a
        // sliding-sync window's state is the state after its timeline, and a new room's whole
        // state is in its last ten events (the bench's rooms had each one written twice).
        let inTimeline = Set(timeline.lazy.filter { $0.state_key != nil }.compactMap(\.event_id))
        let once = state.filter { event in event.event_id.map { !inTimeline.contains($0) } ?? true }
        // Joined, not concatenated: a new array copied every event of the answer once more.
        let stateEvents = [once, timeline].joined().lazy.filter { $0.state_key != nil }
        for event in stateEvents where event.type == "m.room.member" { try noteOwnJoin(event, me: me, room: id, in: connection) }
        if try applyStates(stateEvents.filter { $0.type != "m.room.member" }, room: id, in: connection) { outcome.roomsChanged = true }
        for event in state where event.type == "m.room.member" { try storeMember(event, room: id, in: connection) }
        var afresh = false
        if let prev = room.timeline?.prev_batch, let start = try startsAfresh(id, timeline, limited: room.timeline?.limited == true, in: connection) {
            // A room with nothing cached has nothing to delete.
            if start == .afterGap { _ = try connection.run("DELETE FROM events WHERE room_id = ?", [.text(id)]) }
            _ = try connection.run("UPDATE rooms SET back_state = 1, back_token = ? WHERE room_id = ?", [.text(prev), .text(id)])
            afresh = true
        }
        var added: [String] = []
        // A room started afresh holds no line (an event id is one room's): none is looked up, where
        // a cold start's window looked up each of its ~600 events one by one.
        let cached = afresh ? [] : try cachedLines(of: timeline, in: connection)
        let new = Set(try newerThanCached(timeline, cached, room: id, in: connection).compactMap(\.event_id))
        let last = unseen ? try placeAfterUnseenSends(in: id, seen: cached.map(\.id), limited: room.timeline?.limited == true, in: connection)
                          : TimelinePlace.end
        // A member event the state section carried too is stored already (a window's own join).
        let storedMembers = Set(state.lazy.filter { $0.type == "m.room.member" }.compactMap(\.event_id))
        for (index, event) in timeline.enumerated() {
            if event.type == "m.room.member", event.state_key != nil, !(event.event_id.map(storedMembers.contains) ?? false) {
                try storeMember(event, room: id, in: connection)
            }
            guard let eventID = event.event_id, new.contains(eventID) else { continue }
            // Before the first line after it that the cache holds (our own send, stored from its
            // answer before this sync came), else before our sends it has not seen, else at the end.
            let place = cached.first { $0.index > index }.map { TimelinePlace.before(eventID: $0.id) } ?? last
            switch try store(event, room: id, at: place, in: connection) {
            case .line(let line): added.append(line)
            case .changed(let target): outcome.changed[id, default: []].insert(target)
            case .threadReply(let reply, let root):
                added.append(reply)
                outcome.changed[id, default: []].insert(root)
            case .nothing: break
            }
        }
        if !added.isEmpty {
            outcome.newEvents[id] = added
            outcome.countsChanged.insert(id)
        }
        if try applyReadState(id, room, me: me, before: before, in: connection) { outcome.countsChanged.insert(id) }
        if let typing = TypingNotices.userIDs(in: room.ephemeral?.events ?? []) { outcome.typing[id] = typing }
        if let count = room.unread_notifications?.notification_count, count != before?.notificationCount {
            _ = try connection.run("UPDATE rooms SET notification_count = ? WHERE room_id = ?", [.integer(Int64(count)), .text(id)])
            outcome.countsChanged.insert(id)
        }
        // The server sent the room's counts: the threads it leaves out have none.
        if room.unread_notifications != nil {
            let roots = try applyThreadCounts(id, room.unread_thread_notifications ?? [:], in: connection)
            if !roots.isEmpty { outcome.changed[id, default: []].formUnion(roots) }
        }
    }

    /// Where the room's read state stands after this answer: the newest event seen (where our
    /// markers go) and our own receipt as the server knows it. True when the receipt moved.
    private static func applyReadState(_ id: String, _ room: JoinedRoom, me: String, before: CachedRoom?, in connection: Connection) throws -> Bool {
        if let newest = try newestMainEvent(of: room.timeline?.events ?? [], in: connection) {
            _ = try connection.run("UPDATE rooms SET newest_event_id = ? WHERE room_id = ?", [.text(newest), .text(id)])
        }
        // Read on another device (or before this login): the server's count is the one to show.
        // The server's implicit receipt on our own join marks nothing read: the room's messages,
        // a direct conversation's first ones included, stay new.
        guard let read = ReadReceipts.newestRead(by: me, in: room.ephemeral?.events ?? []), read != before?.readEventID,
              try connection.scalar("SELECT own_join_event_id FROM rooms WHERE room_id = ?", [.text(id)]).string != read else { return false }
        _ = try connection.run("UPDATE rooms SET read_event_id = ? WHERE room_id = ?", [.text(read), .text(id)])
        return true
    }

    /// Remembers the viewer's own join event of `room` (see `own_join_event_id`).
    private static func noteOwnJoin(_ event: RoomEvent, me: String, room: String, in connection: Connection) throws {
        guard event.state_key == me, event.sender == me, let id = event.event_id,
              event.content.json?.decode(as: MemberContent.self)?.membership == "join" else { return }
        _ = try connection.run("UPDATE rooms SET own_join_event_id = ? WHERE room_id = ?", [.text(id), .text(room)])
    }

    /// Why the cached timeline cannot be joined to this sync's, if it cannot.
    enum FreshStart {
        /// The room has nothing cached yet.
        case empty
        /// The server skipped events (`limited`) and none of the new ones is cached.
        case afterGap
    }

    /// Nil when the cached timeline joins this sync's: a limited timeline that overlaps what a
    /// back-page just stored is no gap, and keeps it.
    private static func startsAfresh(_ room: String, _ timeline: [RoomEvent], limited: Bool, in connection: Connection) throws -> FreshStart? {
        let hasEvents = try connection.scalar("SELECT 1 FROM events WHERE room_id = ? LIMIT 1", [.text(room)]).int == 1
        guard hasEvents else { return .empty }
        guard limited else { return nil }
        for id in timeline.compactMap(\.event_id) {
            if try connection.scalar("SELECT 1 FROM events WHERE event_id = ?", [.text(id)]).int == 1 { return nil }
        }
        return .afterGap
    }

    /// A timeline event the cache already holds as a line: where it stands in the timeline and
    /// in the cache, and whether our own send's answer stored it.
    struct CachedLine {
        let index: Int
        let id: String
        let seq: Int64
        let fromOurSend: Bool
    }

    /// The lines of `timeline` already cached, in timeline order (one lookup per event: a live
    /// answer's events are all new, and each was looked up before too).
    private static func cachedLines(of timeline: [RoomEvent], in connection: Connection) throws -> [CachedLine] {
        try timeline.indices.compactMap { index in
            guard let id = timeline[index].event_id,
                  let row = try connection.queryRow("SELECT seq, txn_id FROM events WHERE event_id = ?", [.text(id)]),
                  let seq = row["seq"].int64 else { return nil }
            return CachedLine(index: index, id: id, seq: seq, fromOurSend: row["txn_id"].string != nil)
        }
    }

    /// The part of a sync's timeline to store. When the timeline's first already-cached event is
    /// the oldest one cached and came from the server's timeline (not our own send's answer), the
    /// cache was filled by a back-page from the live end before this sync came: the events before
    /// it are older than everything cached and, appended, would show after newer messages;
    /// back-paging reaches them in their place instead. Otherwise all of it: nothing cached, or
    /// our own message stored from the send's answer, which messages sent before it precede —
    /// even when it is the only one cached. Keeping too much can misplace a line; skipping loses it.
    private static func newerThanCached(_ timeline: [RoomEvent], _ cached: [CachedLine], room: String,
                                        in connection: Connection) throws -> ArraySlice<RoomEvent> {
        guard let first = cached.first else { return timeline[...] }
        let oldest = try connection.scalar("SELECT min(seq) FROM events WHERE room_id = ?", [.text(room)]).int64
        return first.seq == oldest && !first.fromOurSend ? timeline[first.index...] : timeline[...]
    }

    /// Open JSON as the cache keeps it (a room's power levels, account data): the same value is
    /// the same text in every process. A dictionary's order differs from one process to the next,
    /// and a room's power levels row was rewritten, and the channel list read again, for levels
    /// that had not changed.
    ///
    /// Written as canonical JSON (keys by code point, written by hand): a JSONEncoder per room was
    /// two fifths of a 1,000-room cold start's writing of the window to the cache (perf). Values
    /// canonical JSON cannot hold (a fraction, a number past 2^53: a hostile server's) go through
    /// the encoder; either way the same value is the same text.
    static func jsonText(_ content: JSONValue) throws -> String {
        if let text = try? CanonicalJSON.string(CryptoJSON(content)) { return text }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(content), as: UTF8.self)
    }

    /// Applies a room state event tteok lists (members are stored apart); true when the listing changed.
    static func applyState(_ event: RoomEvent, room: String, in connection: Connection) throws -> Bool {
        if let field = try listedField(of: event) { return try storeListedFields([field.column: field.value], room: room, in: connection) }
        return try applyOtherState(event, room: room, in: connection)
    }

    /// Applies a room's state events in order, with the listed columns written in one statement
    /// once all are read (the last event of a type wins, as one by one): a cold start's window
    /// wrote four or five for each of its rooms. True when the listing changed.
    static func applyStates(_ events: some Sequence<RoomEvent>, room: String, in connection: Connection) throws -> Bool {
        var fields: [String: SQLValue] = [:]
        var changed = false
        for event in events {
            if let field = try listedField(of: event) {
                fields[field.column] = field.value
            } else if try applyOtherState(event, room: room, in: connection) {
                changed = true
            }
        }
        return try storeListedFields(fields, room: room, in: connection) || changed
    }

    /// The `rooms` column a listed state event sets, and its value; nil for any other event.
    private static func listedField(of event: RoomEvent) throws -> (column: String, value: SQLValue)? {
        switch event.type {
        case "m.room.name": ("name", SQLValue(event.content.json?.decode(as: NameContent.self)?.name))
        case "m.room.topic": ("topic", .text(event.content.json?.decode(as: TopicContent.self)?.topic ?? ""))
        case "m.room.canonical_alias": ("alias", SQLValue(event.content.json?.decode(as: CanonicalAliasContent.self)?.alias))
        case "m.room.power_levels": ("power_levels", .text(try PowerLevelsMemo.storedText(of: event.content.json ?? .null)))
        case "m.room.history_visibility": ("world_readable", SQLValue(event.content.json?["history_visibility"]?.stringValue == "world_readable"))
        case "m.room.guest_access": ("guest_can_join", SQLValue(event.content.json?["guest_access"]?.stringValue == "can_join"))
        case "m.room.create": ("room_type", SQLValue(event.content.json?["type"]?.stringValue))
        default: nil
        }
    }

    /// The state tteok keeps apart from the room's row: encryption and a space's children.
    private static func applyOtherState(_ event: RoomEvent, room: String, in connection: Connection) throws -> Bool {
        switch event.type {
        case MatrixCache.encryptionType: try markEncrypted(room, in: connection)
        case MatrixCache.spaceChildType: try storeSpaceChild(event, space: room, in: connection)
        default: false
        }
    }

    /// Writes `fields` to the room's row in one statement, only where one differs; true when one did.
    private static func storeListedFields(_ fields: [String: SQLValue], room: String, in connection: Connection) throws -> Bool {
        guard !fields.isEmpty else { return false }
        // Columns in a fixed order: the statement is cached by its text.
        let sorted = fields.sorted { $0.key < $1.key }
        let settings = sorted.enumerated().map { "\($1.key) = ?\($0 + 1)" }.joined(separator: ", ")
        let differs = sorted.enumerated().map { "\($1.key) IS NOT ?\($0 + 1)" }.joined(separator: " OR ")
        return try connection.run("UPDATE rooms SET \(settings) WHERE room_id = ?\(sorted.count + 1) AND (\(differs))",
                                  sorted.map(\.value) + [.text(room)]) > 0
    }
}
