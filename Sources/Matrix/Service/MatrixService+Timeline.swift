import ChatCore
import FoundationEssentials

/// Opening a channel and paging through its history: the cache first, the server for what is missing.
extension MatrixService {
    public func latestMessages(in channel: ChannelID, limit: Int) async throws -> MessagePage {
        let active = try await reader()
        return try await mapped {
            try await open(channel.raw, active)
            return try await page(channel.raw, before: nil, limit: limit, active)
        }
    }

    public func olderMessages(in channel: ChannelID, before token: PageToken, limit: Int) async throws -> MessagePage {
        let active = try await reader()
        guard let seq = Int64(token.raw) else { throw ChatError.invalidInput("Not a page token of this server: \(token.raw)") }
        return try await mapped { try await page(channel.raw, before: seq, limit: limit, active) }
    }

    /// Opening = joining, so the room's live updates arrive through sync. A guest joins only rooms
    /// that let guests in, and reads world-readable rooms without joining (re-read each time:
    /// nothing keeps a peeked room's cache current).
    func open(_ room: String, _ active: Active) async throws {
        let cached = try await active.cache.room(room)
        if cached?.membership == .joined { return }
        if active.isGuest, let cached, !cached.guestCanJoin, cached.worldReadable {
            try await active.cache.resetTimeline(room)
            return
        }
        do {
            try await join(room, active)
        } catch MatrixError.api(403, _, _, _) where active.isGuest {
            throw ChatError.unsupported("This room does not let guests in. Log in to read it.")
        }
    }

    /// Joins `room`; an invitation to a direct conversation becomes one (recorded in `m.direct`),
    /// however it is joined (accepted, or opened by name with `/join`).
    func join(_ room: String, _ active: Active) async throws {
        let invited = try await active.cache.room(room)
        let id = try await active.client.join(room)
        try await active.cache.setMembership(id, .joined)
        if let invited, invited.membership == .invited, invited.inviteIsDirect, let inviter = invited.inviter {
            try await recordDirect(id, with: inviter, active)
        }
        hub.publish(.channelsChanged)
    }

    /// A page of up to `limit` messages older than `seq` (newest when nil), fetching from the server
    /// when the cache has too few. Offline, the cache's page is returned as it is.
    private func page(_ room: String, before seq: Int64?, limit: Int, _ active: Active) async throws -> MessagePage {
        var events = try await active.cache.events(in: room, before: seq, limit: limit)
        if events.count < limit {
            do {
                try await fill(room, needed: limit - events.count, active)
                events = try await active.cache.events(in: room, before: seq, limit: limit)
            } catch MatrixError.unreachable {}
        }
        if events.contains(where: { $0.relations.parent == .notCached }) {
            events = await withQuotedParents(room, active) { try await active.cache.events(in: room, before: seq, limit: limit) }.nonEmpty ?? events
        }
        let state = try await active.cache.room(room)
        let oldest = try await active.cache.oldestSeq(in: room)
        let next: Paging
        if let first = events.first {
            next = state?.back == .atStart && first.seq <= (oldest ?? first.seq) ? .done : .haveMore(PageToken(String(first.seq)))
        } else {
            next = state?.back == .atStart ? .done : .haveMore(PageToken(String(seq ?? Int64.max)))
        }
        var messages = events.map(active.message)
        if seq == nil {
            // The newest page ends with what is still in the outbox (pending or failed).
            // Edits and reactions waiting there change other messages and are no lines; thread
            // replies show in their thread.
            for entry in try await active.cache.outbox(in: room) where !entry.isRelation && entry.threadRoot == nil {
                messages.append(try await pendingMessage(entry, active))
            }
        }
        return MessagePage(messages: messages, next: next)
    }

    /// Back-pages from the server until `needed` more messages older than the cached ones are stored or the
    /// room's start is reached. Pages may hold no messages (state events, ignored users).
    func fill(_ room: String, needed: Int, _ active: Active) async throws {
        var found = 0
        for _ in 0..<100 where found < needed {
            var cached = try await active.cache.room(room)
            if cached == nil { cached = try await placeholder(room, active) }
            guard let state = cached else { return }
            let from: String?
            switch state.back {
            case .atStart: return
            case .token(let token): from = token
            case .fromLiveEnd: from = nil
            }
            var page = try await active.client.messages(in: room, from: from, limit: max(needed - found, 20))
            var decrypted = DecryptedEvents(events: [])
            if let encryption = active.encryption { (page, decrypted) = encryption.decrypt(page, in: room) }
            found += try await active.cache.prepend(page, to: room)
            try await active.cache.recordUndecrypted(decrypted.undecrypted)
            try await active.cache.recordSenderKeys(decrypted.senderKeys)
            await active.encryption?.exchangeKeys(missing: decrypted.missingKeys)
        }
    }

    /// Rooms read before they are cached (a peek by id) get a row so paging state can be kept.
    private func placeholder(_ room: String, _ active: Active) async throws -> CachedRoom? {
        try await active.cache.setMembership(room, .none)
        return try await active.cache.room(room)
    }
}
