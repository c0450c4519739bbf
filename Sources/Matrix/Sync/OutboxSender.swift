import ChatCore
import FoundationEssentials
import MatrixCrypto

/// Sends the outbox in order, one message at a time, each with its saved transaction id.
///
/// `drain()` runs one pass after every pass asked for before it, so a caller's own message has
/// had its attempt when the call returns. A lost answer or an unreachable server ends the pass
/// and schedules another after a backoff with jitter (capped); a refusal marks the message failed
/// and the pass goes on. Stopped on log-out.
final class OutboxSender: Sendable {
    enum Outcome: Sendable {
        case delivered(CachedEvent)
        case failed(OutboxEntry, ChatError)
    }

    typealias OutcomeHandler = @Sendable (Outcome) async -> Void

    private let client: MatrixClient
    private let cache: MatrixCache
    /// Encrypts for encrypted rooms; nil when the session has no crypto (then nothing goes there).
    private let encryption: EncryptionSession?
    private let onOutcome: OutcomeHandler
    private let state = Mutex(State())

    private struct State {
        var last: Task<Void, Never>?
        var retry: Task<Void, Never>?
        var failures = 0
        var stopped = false
        var refusals: [String: ChatError] = [:]
        /// Delivered messages not yet taken by the caller that waits on them, oldest first.
        var deliveries: [(transactionID: String, event: CachedEvent)] = []
        /// Opens once this run's first sync answer is cached (`sendsAfter`).
        var caughtUp: OpenOnceGate?
    }

    /// The longest a send waits for this run's first sync answer (a server that does not answer
    /// opens the gate sooner, with its failure).
    static let catchUpWait = 5.0

    /// Sends only once `gate` is open: this run's first sync answer in the cache. A message
    /// delivered before it was cached at the end, and what others had said before it, arriving
    /// with that answer, was placed after it for good (`tteok post` right after a start listed
    /// another member's earlier message after its own).
    func sendsAfter(_ gate: OpenOnceGate) {
        state.withLock { $0.caughtUp = gate }
    }

    /// How many deliveries are kept for callers that have not taken them (a pass may deliver
    /// entries nobody waits on: an earlier run's, edits and reactions).
    static let keptDeliveries = 64

    init(client: MatrixClient, cache: MatrixCache, encryption: EncryptionSession?, onOutcome: @escaping OutcomeHandler) {
        self.client = client
        self.cache = cache
        self.encryption = encryption
        self.onOutcome = onOutcome
    }

    /// Runs a pass over the queue after the passes already asked for; returns when it ends.
    func drain() async {
        let pass = state.withLock { state -> Task<Void, Never>? in
            guard !state.stopped else { return nil }
            let previous = state.last
            let next = Task { [self] in
                await previous?.value
                await sendPending()
            }
            state.last = next
            return next
        }
        await pass?.value
    }

    func stop() {
        let tasks = state.withLock { state -> [Task<Void, Never>] in
            state.stopped = true
            return [state.last, state.retry].compactMap { $0 }
        }
        for task in tasks { task.cancel() }
    }

    private var isStopped: Bool { state.withLock { $0.stopped } }

    /// Why the server refused `transactionID` in this process, for the caller waiting on it.
    func refusal(of transactionID: String) -> ChatError? { state.withLock { $0.refusals[transactionID] } }

    /// The event `transactionID` was delivered as in this process, handed over once. The caller
    /// waiting on its own message asks here rather than the cache: a sync answer with a gap may
    /// start the room afresh between delivery and the caller's read (the event comes back with
    /// the next sync), and the message was sent all the same.
    func takeDelivery(of transactionID: String) -> CachedEvent? {
        state.withLock { state in
            guard let index = state.deliveries.firstIndex(where: { $0.transactionID == transactionID }) else { return nil }
            return state.deliveries.remove(at: index).event
        }
    }

    private func keep(_ event: CachedEvent, deliveredAs transactionID: String) {
        state.withLock { state in
            state.deliveries.append((transactionID, event))
            if state.deliveries.count > Self.keptDeliveries { state.deliveries.removeFirst() }
        }
    }

    private func sendPending() async {
        if let gate = state.withLock({ $0.caughtUp }) { await gate.wait(seconds: Self.catchUpWait) }
        // Rooms the server said are not encrypted, during this pass.
        var plaintextRooms: Set<String> = []
        while !isStopped, let entry = try? await cache.pendingOutbox().first {
            let eventID: String
            do {
                eventID = try await send(entry, plaintextRooms: &plaintextRooms)
            } catch let error as MatrixError where error.isTransient || error == .cancelled {
                scheduleRetry()
                return
            } catch {
                let reason = (error as? MatrixError)?.chatError ?? (error as? ChatError) ?? ChatError.badResponse(String(describing: error))
                state.withLock { $0.refusals[entry.transactionID] = reason }
                try? await cache.failOutbox(entry.transactionID, reason: reason.message)
                await onOutcome(.failed(entry, reason))
                continue
            }
            state.withLock { $0.failures = 0 }
            // Stored on the server; if the cache cannot record it, the next pass sends the same
            // transaction again and gets the same event back. An edit or a reaction delivers the
            // message it changed.
            guard let event = try? await cache.acknowledge(entry, eventID: eventID, sender: cache.userID) else { return }
            keep(event, deliveredAs: entry.transactionID)
            await onOutcome(.delivered(event))
        }
    }

    /// Sends one entry: as its kept ciphertext if it has one; encrypted (the ciphertext kept
    /// before the first send, so retries repeat it byte for byte) if its room is encrypted; as
    /// plaintext only when the room is known not to be.
    private func send(_ entry: OutboxEntry, plaintextRooms: inout Set<String>) async throws -> String {
        if entry.encrypted == nil, try await !isEncrypted(entry.roomID, checked: &plaintextRooms) {
            return try await client.sendEvent(entry.eventType, entry.sentContent, to: entry.roomID, transactionID: entry.transactionID)
        }
        guard let encryption else { throw ChatError.denied(.encryptedRoom) }
        var kept = entry.encrypted
        if kept == nil {
            let ciphertext = try await encryption.encrypt(type: entry.eventType, entry.sentContent, in: entry.roomID)
            kept = try await cache.setOutboxCiphertext(entry.transactionID, String(decoding: try JSONEncoder().encode(ciphertext), as: UTF8.self))
        }
        guard let kept, let content = try? CryptoJSON(parsing: Data(kept.utf8)) else {
            throw ChatError.storage("the outbox lost the ciphertext of a message")
        }
        return try await client.sendEncrypted(content, to: entry.roomID, transactionID: entry.transactionID)
    }

    /// The last guard before plaintext leaves: a message queued before its room turned encrypted
    /// (or before this cache heard so) is encrypted, never sent as it is. The cache answers for
    /// rooms known encrypted; otherwise the server's own room state is asked, once per room and
    /// pass, so a room encrypted since the last sync is caught too.
    private func isEncrypted(_ room: String, checked: inout Set<String>) async throws -> Bool {
        try await Self.isEncrypted(room, cache: cache, client: client, checked: &checked)
    }

    /// The rule above, for every sender of room events (the outbox, in-room verification).
    static func isEncrypted(_ room: String, cache: MatrixCache, client: MatrixClient, checked: inout Set<String>) async throws -> Bool {
        if try await cache.room(room)?.encrypted == true { return true }
        guard !checked.contains(room) else { return false }
        do {
            _ = try await client.state(room, type: MatrixCache.encryptionType, as: JSONValue.self)
        } catch MatrixError.api(404, _, _, _) {
            checked.insert(room)
            return false
        }
        try await cache.markEncrypted(room)
        return true
    }

    private func scheduleRetry() {
        state.withLock { value in
            guard !value.stopped, value.retry == nil else { return }
            value.failures += 1
            let delay = SyncEngine.backoff(afterFailures: value.failures)
            value.retry = Task { [self] in
                try? await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
                state.withLock { $0.retry = nil }
                guard !Task.isCancelled else { return }
                await drain()
            }
        }
    }
}

extension MatrixError {
    /// Worth another try with the same transaction id. Only the homeserver's own verdict (a
    /// Matrix error body with a 4xx status other than 429) is final; a lost, cut or garbled
    /// answer, a proxy's error page or a 5xx may hide a stored event, and resending is safe.
    var isTransient: Bool {
        switch self {
        case .unreachable, .malformed, .http, .redirected, .answerTooLarge: return true
        case .api(let status, _, _, _): return status >= 500 || status == 429
        case .interactiveAuth, .cancelled: return false
        }
    }
}
