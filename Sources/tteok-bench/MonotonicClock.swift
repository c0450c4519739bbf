#if canImport(Glibc)
import Glibc
#endif

/// CLOCK_MONOTONIC in nanoseconds. The same clock in every process of the machine, so a writer
/// process's "last commit" time can be compared with the reader's "on screen" time.
enum MonotonicClock {
    static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Milliseconds elapsed since `start` (a `nanoseconds()` reading).
    static func milliseconds(since start: UInt64) -> Double {
        Double(nanoseconds() &- start) / 1_000_000
    }

    /// CPU time this process used so far, all threads, in nanoseconds: what a CPU-bound row costs
    /// whatever else the machine's cores are busy with.
    static func processCPUNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Runs `body` and returns its result with the milliseconds it took.
    @MainActor
    static func time<T>(_ body: () async throws -> T) async rethrows -> (T, Double) {
        let start = nanoseconds()
        let value = try await body()
        return (value, milliseconds(since: start))
    }
}
