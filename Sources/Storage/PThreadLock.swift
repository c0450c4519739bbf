import Glibc

/// A lock with NSLock's `lock()` / `unlock()`, over a pthread mutex: Foundation's NSLock links
/// CoreFoundation and ICU's 34 MB of data into the binary (Storage sits below ChatCore and its
/// `Mutex`).
final class PThreadLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }

    func unlock() { pthread_mutex_unlock(mutex) }
}
