import FoundationEssentials
import Synchronization

/// A live observation. It lasts until `cancel()` is called — dropping the token does not end it,
/// so an observation is never cut short by a forgotten reference.
public final class Observation: Sendable {
    private let onCancel: @Sendable () -> Void

    init(onCancel: @escaping @Sendable () -> Void) { self.onCancel = onCancel }

    /// Stops delivery. Safe to call more than once and from any thread, including from the handler.
    public func cancel() { onCancel() }
}

/// The handlers a database calls after each commit. Guarded by a lock: observers come and go
/// from any thread while the database queue delivers.
final class ObserverList: Sendable {
    typealias Handler = @Sendable (DatabaseChange, Connection) -> Void

    private struct State {
        var nextID = 0
        var handlers: [Int: Handler] = [:]
    }

    private let state = Mutex(State())

    func add(_ handler: @escaping Handler) -> Int {
        state.withLock { state in
            state.nextID += 1
            state.handlers[state.nextID] = handler
            return state.nextID
        }
    }

    func remove(_ id: Int) {
        state.withLock { _ = $0.handlers.removeValue(forKey: id) }
    }

    var ids: [Int] { state.withLock { $0.handlers.keys.sorted() } }

    /// The handler if it is still registered: checked right before each call, so a handler
    /// cancelled during a delivery round is not called afterwards.
    func handler(_ id: Int) -> Handler? { state.withLock { $0.handlers[id] } }

    var count: Int { state.withLock { $0.handlers.count } }
}
