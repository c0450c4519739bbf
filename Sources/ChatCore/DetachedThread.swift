import Glibc

/// A thread of its own for work that blocks (a socket reader, a transfer, `waitpid`), started
/// with pthreads: Foundation's `Thread` links CoreFoundation and ICU's 34 MB of data into the
/// binary, and Dispatch's pool must not be held by blocking calls.
public enum DetachedThread {
    /// Runs `body` on a new detached thread named `name` (its first 15 bytes, as `ps` and `top`
    /// show it), with `stackSize` bytes of stack (else the system's default); false when the
    /// system refused one.
    @discardableResult
    public static func start(name: String? = nil, stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) -> Bool {
        let box = Unmanaged.passRetained(Body(name: name, run: body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        if let stackSize { pthread_attr_setstacksize(&attributes, stackSize) }
        var thread = pthread_t()
        let started = pthread_create(&thread, &attributes, entry, box)
        guard started == 0 else {
            Unmanaged<Body>.fromOpaque(box).release()
            return false
        }
        pthread_detach(thread)
        return true
    }

    /// What the new thread runs: names itself, then the body.
    private static let entry: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { context in
        let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
        if let name = body.name { _ = setThreadName(pthread_self(), String(decoding: name.utf8.prefix(15), as: UTF8.self)) }
        body.run()
        return nil
    }

    /// glibc's `pthread_setname_np`, which the Glibc module hides (it is a GNU extension).
    @_silgen_name("pthread_setname_np")
    private static func setThreadName(_ thread: pthread_t, _ name: UnsafePointer<CChar>) -> Int32

    private final class Body {
        let name: String?
        let run: @Sendable () -> Void
        init(name: String?, run: @escaping @Sendable () -> Void) {
            self.name = name
            self.run = run
        }
    }
}
