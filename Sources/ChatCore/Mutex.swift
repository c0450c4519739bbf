import Foundation

/// A lock around a value, for the few places state is shared across threads.
/// (Synchronization.Mutex needs newer platforms on macOS; this works everywhere we build.)
public final class Mutex<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    public init(_ value: Value) { self.value = value }

    public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
