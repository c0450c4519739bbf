import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The interactive client running on its own pseudo-terminal.
@MainActor
final class RunningClient {
    let process = Process()
    let pty: PseudoTerminal

    /// When the process was started (monotonic ns): the zero of the times read from outside.
    private(set) var started: UInt64 = 0

    /// Starts `executable` on a new pty, watching its output for `texts` from the first byte.
    convenience init(_ executable: String, arguments: [String], environment: [String: String], watching texts: [String] = []) throws {
        try self.init(executable, arguments: arguments, environment: environment, sightings: TextSightings(texts))
    }

    /// Starts `executable` on a new pty, watching its output as `sightings` says from the first byte.
    init(_ executable: String, arguments: [String], environment: [String: String], sightings: TextSightings) throws {
        pty = try PseudoTerminal(columns: BenchFrontEnd.size.width, rows: BenchFrontEnd.size.height)
        pty.watch(sightings)
        let terminal = FileHandle(fileDescriptor: pty.clientDescriptor, closeOnDealloc: false)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        started = MonotonicClock.nanoseconds()
        try process.run()
    }

    /// Milliseconds from the start to the read that completed the last of `texts` (watched).
    func millisecondsUntilShown(_ texts: [String], seconds: Double = 60) async throws -> Double {
        try await waitUntil(seconds: seconds) { !process.isRunning || texts.allSatisfy { pty.sighting(of: $0) != nil } }
        let seen = texts.compactMap { pty.sighting(of: $0) }
        guard seen.count == texts.count else {
            throw BenchError.failed("tteok ended (\(process.terminationStatus)) before showing \(texts): \(pty.recentText.suffix(300))")
        }
        return Double((seen.max() ?? started) &- started) / 1e6
    }

    var pid: Int32 { process.processIdentifier }

    /// Waits until the client showed `expected` and then wrote nothing for a second. `expected`
    /// is found by a watch the client was started with, else in the last bytes it wrote (looked
    /// at again only when more came).
    func waitForQuiet(showing expected: String = BenchStore.bigChannelName, seconds: Double = 20) async throws {
        var count = -1
        var since = MonotonicClock.nanoseconds()
        var shown = false
        var lookedAt = -1
        do {
            try await waitUntil(seconds: seconds) {
                guard process.isRunning else { return true }
                if pty.byteCount != count { count = pty.byteCount; since = MonotonicClock.nanoseconds() }
                guard MonotonicClock.milliseconds(since: since) > 1_000 else { return false }
                if !shown, lookedAt != count {
                    lookedAt = count
                    shown = pty.sighting(of: expected) != nil || pty.recentText.contains(expected)
                }
                return shown
            }
        } catch {
            throw BenchError.failed("tteok did not show \(expected) and go quiet within \(Int(seconds)) s: \(pty.recentText.suffix(300))")
        }
        guard process.isRunning else { throw BenchError.failed("tteok exited (\(process.terminationStatus)): \(pty.recentText.suffix(300))") }
    }

    /// The largest resident size over two quiet seconds.
    func steadyResidentMegabytes() async throws -> Double {
        try await ProcessStats.steadyResidentMegabytes(pid: pid)
    }

    /// CPU time used over `seconds` of doing nothing, as a percentage of one core.
    func idleCPUPercent(seconds: Double) async throws -> Double {
        guard let before = ProcessStats.cpuSeconds(pid: pid) else { throw BenchError.failed("tteok is gone") }
        try await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
        guard let after = ProcessStats.cpuSeconds(pid: pid) else { throw BenchError.failed("tteok is gone") }
        return (after - before) / seconds * 100
    }

    /// Waits until the client has used no CPU for a whole second: a screen that stopped changing
    /// may still hide work (a cold start fills the cache with the rest of its rooms in the
    /// background, without a frame), which a row timing something else must not count.
    func waitForIdleCPU(seconds: Double = 120) async throws {
        var last = ProcessStats.cpuSeconds(pid: pid)
        var since = MonotonicClock.nanoseconds()
        do {
            try await waitUntil(seconds: seconds) {
                let now = ProcessStats.cpuSeconds(pid: pid)
                if now != last { last = now; since = MonotonicClock.nanoseconds() }
                return now == nil || MonotonicClock.milliseconds(since: since) > 1_000
            }
        } catch {
            throw BenchError.failed("tteok did not go idle within \(Int(seconds)) s")
        }
        guard last != nil else { throw BenchError.failed("tteok is gone") }
    }

    /// Ctrl-C, as a user quits; SIGKILL if it is still there after two seconds.
    func quit() {
        pty.type([0x03])
        let deadline = MonotonicClock.nanoseconds() + 2_000_000_000
        while process.isRunning, MonotonicClock.nanoseconds() < deadline { usleep(10_000) }
        if process.isRunning { kill(pid, SIGKILL) }
        process.waitUntilExit()
    }
}
