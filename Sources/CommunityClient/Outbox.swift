import ChatCore
import FoundationEssentials

/// Posts the service has not acknowledged yet, in the order they were typed, each with the id
/// the client made for it. The service stores a post once per id, so sending again after a
/// restart (or a lost answer) never doubles it. Kept on disk too (`OutboxLog`) when given one,
/// so a client that quits or is killed sends them at its next start.
final class Outbox: Sendable {
    struct Entry: Codable, Sendable {
        enum Target: Codable, Sendable {
            case channel(ChannelID)
            case person(UserID)
        }

        let clientID: String
        let text: String
        let target: Target
        /// The `sending…` line shown meanwhile; its sender is the account that typed it.
        let placeholder: Message
    }

    /// How a post that left the outbox ended, for the `send` call still waiting on it.
    enum Outcome: Sendable {
        case delivered(Message)
        case refused(ChatError)
    }

    private let entries: Mutex<[Entry]>
    /// Client ids whose `send` call waits for the outcome, and the outcomes arrived for them.
    private let awaited = Mutex([String: Outcome?]())
    private let log: OutboxLog?
    private let flushing = Mutex(false)
    private let retryPending = Mutex(false)

    init(log: OutboxLog? = nil) {
        self.log = log
        entries = Mutex(log?.load() ?? [])
    }

    /// Adds a post (written to the log before anything is sent); `awaited` keeps its outcome
    /// for `outcome(of:)`.
    func add(_ entry: Entry, awaited isAwaited: Bool = false) {
        if isAwaited { awaited.withLock { $0[entry.clientID] = .some(nil) } }
        entries.withLock { list in
            list.append(entry)
            log?.added(entry)
        }
    }

    /// The post left the outbox: delivered or refused for good.
    func finish(_ clientID: String, _ outcome: Outcome) {
        _ = remove(clientID)
        awaited.withLock { if $0[clientID] != nil { $0[clientID] = .some(outcome) } }
    }

    /// How the awaited post ended, or nil while it is pending; asked once.
    func outcome(of clientID: String) -> Outcome? {
        awaited.withLock { $0.removeValue(forKey: clientID) ?? nil }
    }

    var isEmpty: Bool { entries.withLock { $0.isEmpty } }

    /// The oldest post `account` typed (or typed while no account was known): another
    /// account's posts wait for that account to sign in here again.
    func first(of account: UserID?) -> Entry? {
        entries.withLock { list in list.first { $0.placeholder.senderID.raw.isEmpty || $0.placeholder.senderID == account } }
    }

    func remove(_ clientID: String) -> Entry? {
        entries.withLock { list in
            guard let index = list.firstIndex(where: { $0.clientID == clientID }) else { return nil }
            let entry = list.remove(at: index)
            log?.removed(clientID, nowEmpty: list.isEmpty)
            return entry
        }
    }

    func entry(placeholder id: MessageID) -> Entry? { entries.withLock { $0.first { $0.placeholder.id == id } } }

    /// True for the one caller that may start flushing now.
    func beginFlush() -> Bool { flushing.withLock { busy in defer { busy = true }; return !busy } }
    func endFlush() { flushing.withLock { $0 = false } }

    /// True for the one caller that may set the retry timer; the timer's firing clears it.
    func claimRetry() -> Bool { retryPending.withLock { pending in defer { pending = true }; return !pending } }
    func retryFired() { retryPending.withLock { $0 = false } }
}
