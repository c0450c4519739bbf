import ChatCore
import Foundation

/// Posts the service has not acknowledged yet, in the order they were typed, each with the id
/// the client made for it. The service stores a post once per id, so sending again after a
/// restart (or a lost answer) never doubles it.
final class Outbox: Sendable {
    struct Entry: Sendable {
        enum Target: Sendable {
            case channel(ChannelID)
            case person(UserID)
        }

        let clientID: String
        let text: String
        let target: Target
        /// The `sending…` line shown meanwhile.
        let placeholder: Message
    }

    private let entries = Mutex([Entry]())
    private let flushing = Mutex(false)
    private let retryPending = Mutex(false)

    func add(_ entry: Entry) { entries.withLock { $0.append(entry) } }
    var first: Entry? { entries.withLock { $0.first } }
    var isEmpty: Bool { entries.withLock { $0.isEmpty } }

    func remove(_ clientID: String) -> Entry? {
        entries.withLock { list in
            guard let index = list.firstIndex(where: { $0.clientID == clientID }) else { return nil }
            return list.remove(at: index)
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
