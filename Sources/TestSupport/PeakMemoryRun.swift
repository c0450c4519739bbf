import Foundation

/// Runs a program while watching its peak resident memory (`VmHWM` in `/proc/PID/status`),
/// stopping it as soon as the peak passes a ceiling: a test that proves memory stays bounded
/// must not let an unbounded program eat the machine.
public enum PeakMemoryRun {
    public struct Outcome: Sendable, CustomStringConvertible {
        /// nil when the program was stopped (over the ceiling or the deadline).
        public let status: Int32?
        public let stderr: String
        /// The highest `VmHWM` seen, in KiB.
        public let peakKiB: Int
        public let overCeiling: Bool
        public var description: String {
            "exit \(status.map(String.init) ?? "none (stopped)"), peak \(peakKiB / 1024) MiB\(overCeiling ? " (over the ceiling)" : "")\nstderr: \(stderr)"
        }
    }

    public static func run(_ executable: URL, _ arguments: [String], environment: [String: String], stdin: String,
                           ceilingKiB: Int, timeout: Double) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let input = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = error
        let errors = Collected<Data>()
        let drained = DispatchSemaphore(value: 0)
        try process.run()
        DispatchQueue.global().async {
            errors.append(error.fileHandleForReading.readDataToEndOfFile())
            try? error.fileHandleForReading.close()
            drained.signal()
        }
        try? input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8))
        try? input.fileHandleForWriting.close()
        var peak = 0
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            peak = max(peak, highWaterMark(of: process.processIdentifier) ?? 0)
            if peak > ceilingKiB || Date() > deadline { break }
            usleep(10_000)
        }
        let stopped = process.isRunning
        if stopped {
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        drained.wait()
        let stderr = String(decoding: errors.values.first ?? Data(), as: UTF8.self)
        return Outcome(status: stopped ? nil : process.terminationStatus, stderr: stderr, peakKiB: peak, overCeiling: peak > ceilingKiB)
    }

    /// `VmHWM` of a running process, in KiB.
    static func highWaterMark(of pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "")
    }
}
