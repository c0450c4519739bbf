import FoundationEssentials

extension Database {
    /// Calls `handler` after every commit of this database (`.committed`) and whenever another
    /// process commits (`.external`), until the returned observation is cancelled.
    ///
    /// The handler runs on the database queue with the connection, outside any transaction: it
    /// may read through the connection but must not keep it, block, or call the async API.
    public func observe(_ handler: @escaping @Sendable (DatabaseChange, Connection) -> Void) -> Observation {
        // Unrecorded commits are never told: observing such a database is a mistake, made loud.
        precondition(configuration.recordsRowChanges, "observing a database that records no row changes")
        let id = observers.add(handler)
        return Observation { [observers] in observers.remove(id) }
    }

    /// The changes as a stream; the observation ends when the stream's consumer is cancelled.
    public func changes() -> AsyncStream<DatabaseChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: DatabaseChange.self, bufferingPolicy: .bufferingNewest(1024))
        let observation = observe { change, _ in continuation.yield(change) }
        continuation.onTermination = { _ in observation.cancel() }
        return stream
    }

    /// Re-reads a value after every change and reports it when it differs from the last one.
    /// The first value is reported at once. `onChange` runs on the database queue.
    public func observe<Value: Equatable & Sendable>(
        tracking fetch: @escaping @Sendable (Connection) throws -> Value,
        onChange: @escaping @Sendable (Result<Value, any Error>) -> Void
    ) -> Observation {
        precondition(configuration.recordsRowChanges, "observing a database that records no row changes")
        let last = LastValue<Value>()
        let deliver: @Sendable (Connection) -> Void = { connection in
            let result = Result { try fetch(connection) }
            if case .success(let value) = result, !last.replace(with: value) { return }
            onChange(result)
        }
        let id = observers.add { _, connection in deliver(connection) }
        queue.async {
            guard self.observers.handler(id) != nil else { return }
            deliver(self.connection)
        }
        return Observation { [observers] in observers.remove(id) }
    }

    /// How many observations are live (tests prove they end).
    public var observerCount: Int { observers.count }
}

/// The last value an observation reported; touched only on the database queue.
private final class LastValue<Value: Equatable>: @unchecked Sendable {
    private var value: Value?

    /// Stores `new`; false when it equals the last value (nothing to report).
    func replace(with new: Value) -> Bool {
        guard new != value else { return false }
        value = new
        return true
    }
}
