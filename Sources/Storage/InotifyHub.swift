import Dispatch
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// One inotify instance for the whole process, shared by every open database.
///
/// The kernel allows each user only `fs.inotify.max_user_instances` instances (128 by default),
/// counted across all of that user's processes. An instance per database used them up: a test
/// run, or a user with many programs open, left later databases without inotify, and another
/// process's message then waited for the 2 s fallback poll (SPEC: it shows within 1 s). Watches
/// are far cheaper (`max_user_watches` is in the hundreds of thousands), so one instance holds
/// them all and tells each registration about its own watch.
public final class InotifyHub: @unchecked Sendable {
    /// What a registration hears about its file.
    public enum Event: Sendable {
        /// The file was written (a commit appended WAL frames, or a checkpoint wrote the file).
        case modified
        /// The kernel dropped the watch (the file was deleted): register again to keep watching.
        case dropped
    }

    /// A watch held for one registrant; give it back with `unwatch`.
    public struct Registration: Hashable, Sendable {
        let watch: Int32
        let token: Int
    }

    /// The process's hub.
    public static let shared = InotifyHub()

    private let lock = PThreadLock()
    private let queue = DispatchQueue(label: "tteok.storage.inotify")
    // Guarded by `lock`.
    private var descriptor: Int32 = -1
    private var source: DispatchSourceRead?
    private var handlers: [Int32: [Int: @Sendable (Event) -> Void]] = [:]
    private var nextToken = 0

    /// A hub; its instance is made on first use (and tried again by later uses if the user's
    /// instances were all taken then).
    public init() {}

    /// A hub other than the shared one (a test's) gives its instance back with it.
    deinit { source?.cancel() }

    /// True when the hub holds an inotify instance (making one now if it has none yet).
    public var isAvailable: Bool {
        lock.lock()
        defer { lock.unlock() }
        return startIfNeeded()
    }

    /// Watches `path` for writes; `handler` runs on the hub's queue and must return quickly.
    /// Nil when there is no inotify instance or the file cannot be watched (it does not exist).
    public func watch(_ path: String, handler: @escaping @Sendable (Event) -> Void) -> Registration? {
        #if canImport(Glibc)
        lock.lock()
        defer { lock.unlock() }
        guard startIfNeeded() else { return nil }
        let watch = inotify_add_watch(descriptor, path, UInt32(IN_MODIFY))
        guard watch >= 0 else { return nil }
        nextToken += 1
        handlers[watch, default: [:]][nextToken] = handler
        return Registration(watch: watch, token: nextToken)
        #else
        return nil
        #endif
    }

    /// Gives a registration back; the watch itself goes when its last registrant leaves.
    public func unwatch(_ registration: Registration) {
        #if canImport(Glibc)
        lock.lock()
        defer { lock.unlock() }
        guard handlers[registration.watch]?.removeValue(forKey: registration.token) != nil else { return }
        if handlers[registration.watch]?.isEmpty == true {
            handlers[registration.watch] = nil
            inotify_rm_watch(descriptor, registration.watch)
        }
        #endif
    }

    /// Makes the instance and its reader. Called with `lock` held.
    private func startIfNeeded() -> Bool {
        #if canImport(Glibc)
        if descriptor >= 0 { return true }
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return false }
        descriptor = fd
        let reader = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
        reader.setEventHandler { [weak self] in self?.drain() }
        reader.setCancelHandler { close(fd) }
        reader.resume()
        source = reader
        return true
        #else
        return false
        #endif
    }

    /// Reads every pending event and tells each watched file's registrants once per read.
    private func drain() {
        #if canImport(Glibc)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            for (handler, event) in deliveries(for: buffer[..<count]) { handler(event) }
        }
        #endif
    }

    /// The handlers to call for a batch of raw events; a dropped watch is forgotten here.
    private func deliveries(for events: ArraySlice<UInt8>) -> [(@Sendable (Event) -> Void, Event)] {
        #if canImport(Glibc)
        var touched: [Int32: Event] = [:]
        let headerSize = MemoryLayout<inotify_event>.size
        var offset = events.startIndex
        while offset + headerSize <= events.endIndex {
            let event = events.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset - events.startIndex, as: inotify_event.self) }
            let dropped = event.mask & UInt32(IN_IGNORED) != 0
            if dropped || touched[event.wd] == nil { touched[event.wd] = dropped ? .dropped : .modified }
            offset += headerSize + Int(event.len)
        }
        lock.lock()
        defer { lock.unlock() }
        var calls: [(@Sendable (Event) -> Void, Event)] = []
        for (watch, event) in touched {
            if let registrants = handlers[watch] {
                calls += registrants.values.map { ($0, event) }
            }
            if case .dropped = event { handlers[watch] = nil }
        }
        return calls
        #else
        return []
        #endif
    }
}
