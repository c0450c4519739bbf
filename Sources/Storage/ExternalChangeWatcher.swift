import Dispatch
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Wakes the database when another process may have committed, without busy polling.
///
/// On Linux it watches the `-wal` file and the database file with inotify (a commit appends WAL
/// frames; a checkpoint writes the database file). A slow timer is the fallback for anything
/// inotify cannot see (other file systems, a WAL file that did not exist yet). The signal only
/// says "look": the database then compares `PRAGMA data_version` to decide.
final class ExternalChangeWatcher {
    private let paths: [String]
    private let queue: DispatchQueue
    private let signal: () -> Void
    private var descriptor: Int32 = -1
    /// Watch descriptor → path, so a watch dropped by the kernel (file deleted) is added again.
    private var watched: [Int32: String] = [:]
    private var readSource: DispatchSourceRead?
    private var timer: DispatchSourceTimer?

    /// Starts watching. `signal` runs on `queue`.
    init(databasePath: String, queue: DispatchQueue, usesInotify: Bool, pollInterval: TimeInterval, signal: @escaping () -> Void) {
        self.paths = [databasePath + "-wal", databasePath]
        self.queue = queue
        self.signal = signal
        if usesInotify { startInotify() }
        startTimer(interval: pollInterval)
    }

    deinit { cancel() }

    func cancel() {
        readSource?.cancel()
        readSource = nil
        timer?.cancel()
        timer = nil
    }

    private func startInotify() {
        #if canImport(Glibc)
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return }
        descriptor = fd
        addMissingWatches()
        let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
        source.setEventHandler { [weak self] in
            self?.drain()
            self?.signal()
        }
        source.setCancelHandler { close(fd) }
        source.resume()
        readSource = source
        #endif
    }

    /// Watches the files that exist now; the timer retries the others (the WAL appears on first use).
    private func addMissingWatches() {
        #if canImport(Glibc)
        guard descriptor >= 0 else { return }
        for path in paths where !watched.values.contains(path) {
            let watch = inotify_add_watch(descriptor, path, UInt32(IN_MODIFY))
            if watch >= 0 { watched[watch] = path }
        }
        #endif
    }

    /// Reads every pending event. Only "something changed" matters, except a dropped watch
    /// (`IN_IGNORED`: the file was deleted), which is forgotten so the timer can add it again.
    private func drain() {
        #if canImport(Glibc)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            forgetDroppedWatches(in: buffer[..<count])
        }
        #endif
    }

    private func forgetDroppedWatches(in events: ArraySlice<UInt8>) {
        #if canImport(Glibc)
        let headerSize = MemoryLayout<inotify_event>.size
        var offset = events.startIndex
        while offset + headerSize <= events.endIndex {
            let event = events.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset - events.startIndex, as: inotify_event.self) }
            if event.mask & UInt32(IN_IGNORED) != 0 { watched[event.wd] = nil }
            offset += headerSize + Int(event.len)
        }
        #endif
    }

    private func startTimer(interval: TimeInterval) {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(Int(interval * 100)))
        timer.setEventHandler { [weak self] in
            self?.addMissingWatches()
            self?.signal()
        }
        timer.resume()
        self.timer = timer
    }
}
