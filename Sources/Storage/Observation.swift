import Foundation

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
final class ObserverList: @unchecked Sendable {
    typealias Handler = @Sendable (DatabaseChange, Connection) -> Void

    private let lock = NSLock()
    private var nextID = 0
    private var handlers: [Int: Handler] = [:]

    func add(_ handler: @escaping Handler) -> Int {
        lock.withLock {
            nextID += 1
            handlers[nextID] = handler
            return nextID
        }
    }

    func remove(_ id: Int) {
        lock.withLock { _ = handlers.removeValue(forKey: id) }
    }

    var ids: [Int] { lock.withLock { handlers.keys.sorted() } }

    /// The handler if it is still registered: checked right before each call, so a handler
    /// cancelled during a delivery round is not called afterwards.
    func handler(_ id: Int) -> Handler? { lock.withLock { handlers[id] } }

    var count: Int { lock.withLock { handlers.count } }
}
