import Foundation

/// The outcome of running a program to its end.
public struct ProcessResult: Sendable, CustomStringConvertible {
    public let status: Int32
    public let stdout: String
    public let stderr: String

    /// Standard output split into lines, without the final empty one.
    public var lines: [String] {
        stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
    }

    public var description: String { "exit \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }
}

/// Runs a program with arguments, environment and standard input, and waits for it with a
/// deadline; a program still running then is terminated and reported as a failure.
public enum ProcessRun {
    public struct TimedOut: Error, CustomStringConvertible {
        public let command: String
        public let seconds: Double
        public var description: String { "\(command) did not finish within \(seconds) s" }
    }

    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String],
        stdin: String? = nil, currentDirectory: URL? = nil, timeout seconds: Double = 60
    ) throws -> ProcessResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let input = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = stdin == nil ? FileHandle.nullDevice : input
        process.standardOutput = output
        process.standardError = error
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        let stdoutData = drain(output), stderrData = drain(error)
        if let stdin {
            // The program may exit without reading (a usage error): a broken pipe is not a failure here.
            signal(SIGPIPE, SIG_IGN)
            try? input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8))
            try? input.fileHandleForWriting.close()
        }
        if exited.wait(timeout: .now() + seconds) == .timedOut {
            process.terminate()
            throw TimedOut(command: ([executable.lastPathComponent] + arguments).joined(separator: " "), seconds: seconds)
        }
        return ProcessResult(
            status: process.terminationStatus,
            stdout: String(decoding: stdoutData.wait(), as: UTF8.self),
            stderr: String(decoding: stderrData.wait(), as: UTF8.self)
        )
    }

    /// Reads a pipe to its end on another thread, so a full stderr never blocks stdout.
    /// The read end is closed explicitly: Foundation's `Process` keeps its pipes alive, so two
    /// descriptors leaked per run, and after about a thousand runs (tmux captures polled by the
    /// end-to-end tests) `Process.run` overran its descriptor list and crashed the test process.
    private static func drain(_ pipe: Pipe) -> PendingData {
        let pending = PendingData()
        let handle = pipe.fileHandleForReading
        DispatchQueue.global().async {
            let data = handle.readDataToEndOfFile()
            try? handle.close()
            pending.finish(data)
        }
        return pending
    }
}

/// Bytes being read on another thread.
private final class PendingData: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    func finish(_ data: Data) {
        self.data = data
        done.signal()
    }

    /// Waits for the reader; the process has exited, so its pipe is at its end.
    func wait() -> Data {
        done.wait()
        return data
    }
}
