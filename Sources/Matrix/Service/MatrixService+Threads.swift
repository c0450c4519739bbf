import ChatCore
import FoundationEssentials

/// Threads (`m.thread`): a thread's view reads the cache, topped up from the server's
/// `/relations`; a reply in a thread goes through the outbox like any post (encrypted in an
/// encrypted room), with the `m.in_reply_to` fallback to the thread's newest event that clients
/// without threads show.
extension MatrixService: ThreadsService {
    public func thread(_ root: MessageID, in channel: ChannelID, limit: Int) async throws -> MessageThread {
        let active = try await reader()
        let room = channel.raw
        return try await mapped {
            try await open(room, active)
            let start = try await threadStart(root, in: room, active)
            let fetched = await fetchThread(start.eventID, in: room, from: nil, limit: limit, active)
            let page = try await threadPage(start.eventID, in: room, before: nil, batch: fetched.next, limit: limit, active)
            var messages = page.messages
            for entry in try await active.cache.outbox(in: room) where entry.threadRoot == start.eventID {
                messages.append(try await pendingMessage(entry, active))
            }
            return MessageThread(root: active.message(try await active.cache.resolved(start)), replies: messages, older: page.next)
        }
    }

    public func olderThreadReplies(_ root: MessageID, in channel: ChannelID, before token: PageToken, limit: Int) async throws -> MessagePage {
        let active = try await reader()
        let room = channel.raw
        let cursor = try ThreadCursor(token)
        return try await mapped {
            let start = try await threadStart(root, in: room, active)
            var batch = cursor.batch
            if let from = cursor.batch {
                let fetched = await fetchThread(start.eventID, in: room, from: from, limit: limit, active)
                // Offline or refused, the batch is kept to be asked again next time.
                if fetched.succeeded { batch = fetched.next }
            }
            return try await threadPage(start.eventID, in: room, before: cursor.before, batch: batch, limit: limit, active)
        }
    }

    /// A threaded receipt at the thread's newest reply the cache holds: the server's count of the
    /// thread clears (and other clients see it read); the root shows no new reply at once.
    public func markThreadRead(_ root: MessageID, in channel: ChannelID) async throws {
        let active = try member()
        let room = channel.raw
        try await mapped {
            let start = try await threadStart(root, in: room, active)
            guard let newest = try await active.cache.threadReplies(of: start.eventID, limit: 1).last?.eventID else { return }
            if try await active.cache.clearThreadUnread(start.eventID, in: room), let changed = try await active.cache.event(start.eventID) {
                hub.publish(.messageUpdated(active.message(changed)))
            }
            try await active.client.threadReceipt(room: room, event: newest, thread: start.eventID)
        }
    }

    public func replyInThread(_ words: Words, root: MessageID, quoting: MessageID?, in channel: ChannelID) async throws -> Message {
        let active = try member()
        _ = try Self.nonEmpty(words.text)
        let start = try await mapped { try await threadStart(root, in: channel.raw, active) }
        let resolved = try await mapped { try await active.cache.resolved(start) }
        if resolved.redacted, resolved.relations.threadReplies == 0 { throw ChatError.invalidInput("A deleted message starts no thread.") }
        let answered = try await mapped { try await threadTarget(quoting, of: start, in: channel.raw, active) }
        var content = MessageEventContent.typed(words)
        content.relatesTo = .object([
            "rel_type": .string(RelationType.thread), "event_id": .string(start.eventID),
            // Answering no message in particular, the reply names the thread's newest event only
            // for clients without threads (the fallback).
            "is_falling_back": .bool(quoting == nil), "m.in_reply_to": .object(["event_id": .string(answered)]),
        ])
        let message = try await post(content, to: channel.raw, active)
        // The root's count changes now; the reply's echo finds it cached and announces nothing.
        if let changed = try? await active.cache.event(start.eventID) { hub.publish(.messageUpdated(active.message(changed))) }
        return message
    }

    /// The event a reply in the thread `start` answers: `quoting` (the root or one of its
    /// replies, not deleted), else the thread's newest event, the fallback.
    private func threadTarget(_ quoting: MessageID?, of start: CachedEvent, in room: String, _ active: Active) async throws -> String {
        guard let quoting else { return try await active.cache.threadReplies(of: start.eventID, limit: 1).last?.eventID ?? start.eventID }
        let quoted = try await cachedOrFetched(try await active.cache.eventID(of: quoting.raw), in: room, active)
        guard quoted.eventID == start.eventID || quoted.threadRoot == start.eventID, !quoted.redacted else { throw ChatError.noSuchMessage }
        return quoted.eventID
    }

    /// The cached replies before `before` (the newest when nil), and whether older ones remain:
    /// in the cache, or on the server from `batch`. A page that found nothing ends the paging, so
    /// a server that keeps handing out batches of nothing is not asked forever.
    private func threadPage(_ root: String, in room: String, before: String?, batch: String?, limit: Int, _ active: Active) async throws -> MessagePage {
        let rows = await withQuotedParents(room, active) { try await active.cache.threadReplies(of: root, before: before, limit: limit + 1) }
        let shown = Array(rows.suffix(limit))
        guard let oldest = shown.first, rows.count > limit || batch != nil else { return MessagePage(messages: shown.map(active.message), next: .done) }
        return MessagePage(messages: shown.map(active.message), next: .haveMore(ThreadCursor(before: oldest.eventID, batch: batch).token))
    }

    /// The event that starts the thread `message` names: the message itself, or the root of the
    /// thread it is a reply in. From the cache, else asked of the server.
    private func threadStart(_ message: MessageID, in room: String, _ active: Active) async throws -> CachedEvent {
        let event = try await cachedOrFetched(try await active.cache.eventID(of: message.raw), in: room, active)
        guard let root = event.threadRoot else { return event }
        return try await cachedOrFetched(root, in: room, active)
    }

    private func cachedOrFetched(_ id: String, in room: String, _ active: Active) async throws -> CachedEvent {
        if let cached = try await active.cache.event(id), cached.roomID == room { return cached }
        if try await active.cache.outboxEntry(id) != nil { throw ChatError.invalidInput("That message is not delivered yet.") }
        guard id.hasPrefix("$") else { throw ChatError.noSuchMessage }
        do {
            var event = try await active.client.event(id, in: room)
            if let encryption = active.encryption { event = encryption.decrypt([event], in: room).events.first ?? event }
            let name = try await active.cache.displayName(of: event.sender)
            guard let uncached = CachedEvent(uncached: event, room: room, senderName: name) else { throw ChatError.noSuchMessage }
            return uncached
        } catch MatrixError.api(404, _, _, _) {
            throw ChatError.noSuchMessage
        }
    }

    /// Stores the thread's newest replies as the server has them (or those before `batch`), so a
    /// thread whose replies came before what is cached shows whole; says where the server goes
    /// on. Offline or refused, the cache's replies are shown.
    private func fetchThread(_ root: String, in room: String, from batch: String?, limit: Int, _ active: Active) async -> (succeeded: Bool, next: String?) {
        guard var page = try? await active.client.threadReplies(of: root, in: room, from: batch, limit: limit) else { return (false, batch) }
        var decrypted = DecryptedEvents(events: [])
        if let encryption = active.encryption { (page, decrypted) = encryption.decrypt(page, in: room) }
        try? await active.cache.storeThreadPage(page.chunk, root: root, room: room)
        try? await active.cache.recordUndecrypted(decrypted.undecrypted)
        try? await active.cache.recordSenderKeys(decrypted.senderKeys)
        return (true, page.next_batch)
    }
}
