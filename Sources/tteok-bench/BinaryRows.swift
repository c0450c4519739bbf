import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Rows measured on the real `tteok` binary, run interactively on a pseudo-terminal against the
/// working copy of the store (`--store … --channel lobby`, the viewer's session saved by
/// `tteok login` in a private HOME): resident memory once it is steady, and CPU while idle,
/// both from `/proc/PID`.
@MainActor
enum BinaryRows {
    static func measure(_ context: BenchContext) async throws -> [BudgetRow] {
        let executable = context.options.tteokExecutable
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw BenchError.failed("no tteok binary at \(executable) (build it: swift build -c release --product tteok)")
        }
        let environment = try BenchHome.prepare(context, named: "home")
        try await BenchHome.logIn(executable, backend: ["--store", context.storeURL.path], environment)
        var memory = Samples()
        var idle = Samples()
        for run in 0..<3 {
            let client = try RunningClient(executable, arguments: ["--store", context.storeURL.path, "--channel", BenchStore.bigChannelName],
                                           environment: environment)
            defer { client.quit() }
            try await client.waitForQuiet()
            memory.append(try await client.steadyResidentMegabytes())
            if run == 0 { idle.append(try await client.idleCPUPercent(seconds: context.options.idleSeconds)) }
        }
        return [
            BudgetRow("resident memory of tteok, steady, on the 1M store", unit: .megabytes, budget: 30, samples: memory),
            BudgetRow(String(format: "idle CPU of tteok over %.0f s", context.options.idleSeconds), unit: .percent, budget: 0.1, samples: idle),
        ]
    }
}

/// The interactive client running on its own pseudo-terminal.
@MainActor
final class RunningClient {
    let process = Process()
    let pty: PseudoTerminal

    init(_ executable: String, arguments: [String], environment: [String: String]) throws {
        pty = try PseudoTerminal(columns: BenchFrontEnd.size.width, rows: BenchFrontEnd.size.height)
        let terminal = FileHandle(fileDescriptor: pty.clientDescriptor, closeOnDealloc: false)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }

    /// Waits until the client drew its screen (the last bytes it wrote show `showing`) and then
    /// wrote nothing for a second.
    func waitForQuiet(seconds: Double = 20, showing: String = BenchStore.bigChannelName) async throws {
        var count = -1
        var since = MonotonicClock.nanoseconds()
        try await waitUntil(seconds: seconds) {
            guard process.isRunning else { return true }
            if pty.byteCount != count { count = pty.byteCount; since = MonotonicClock.nanoseconds() }
            return count > 2_000 && MonotonicClock.milliseconds(since: since) > 1_000
        }
        guard process.isRunning else { throw BenchError.failed("tteok exited (\(process.terminationStatus)): \(pty.recentText.suffix(300))") }
        guard pty.recentText.contains(showing) else { throw BenchError.failed("tteok's screen does not show \(showing)") }
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

    /// Ctrl-C, as a user quits; SIGKILL if it is still there after two seconds.
    func quit() {
        pty.type([0x03])
        let deadline = MonotonicClock.nanoseconds() + 2_000_000_000
        while process.isRunning, MonotonicClock.nanoseconds() < deadline { usleep(10_000) }
        if process.isRunning { kill(pid, SIGKILL) }
        process.waitUntilExit()
    }
}
