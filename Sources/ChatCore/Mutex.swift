import Glibc

/// A lock around a value, for the few places state is shared across threads.
/// (Synchronization.Mutex needs newer platforms on macOS, and its `sending` rules do not fit
/// values that hold classes; a pthread mutex keeps Foundation's NSLock — and with it
/// CoreFoundation and ICU's data — out of the binary.)
public final class Mutex<Value>: @unchecked Sendable {
    private var value: Value
    private let lock: UnsafeMutablePointer<pthread_mutex_t>

    public init(_ value: Value) {
        self.value = value
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(lock, nil)
    }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return try body(&value)
    }
}
