/// How a model tells its front end "my state changed, redraw".
///
/// A model publishes once per logical change (a batch of counts, a page of history), never once
/// per field, so a front end that redraws on each signal redraws once per change batch.
@MainActor
public final class ChangeSignal {
    /// Grows by one on every publish; a front end can compare it with the revision it last drew.
    public private(set) var revision = 0
    /// What the publish being told changed (observers read it while they are called).
    public private(set) var lastChange = ModelChange.anything
    private var observers: [Int: @MainActor () -> Void] = [:]
    private var nextToken = 0
    private let parent: ChangeSignal?

    /// - Parameter parent: a wider signal (the session's) told after this one's observers.
    public init(forwardingTo parent: ChangeSignal? = nil) {
        self.parent = parent
    }

    /// Calls `handler` after every publish, until `removeObserver` is called with the token.
    @discardableResult
    public func addObserver(_ handler: @escaping @MainActor () -> Void) -> Int {
        nextToken += 1
        observers[nextToken] = handler
        return nextToken
    }

    public func removeObserver(_ token: Int) {
        observers.removeValue(forKey: token)
    }

    /// Marks the state changed and tells every observer what changed.
    func publish(_ change: ModelChange = .anything) {
        revision += 1
        lastChange = change
        for token in observers.keys.sorted() { observers[token]?() }
        parent?.publish(change)
    }
}
