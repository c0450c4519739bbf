import Foundation
import TestSupport

/// The `tteok-store-stress` helper: a separate process that signs up and posts.
enum StressChild {
    struct Missing: Error, CustomStringConvertible {
        let path: String
        var description: String { "\(path) is not built: run `swift build` first (it builds the tteok-store-stress helper)" }
    }

    static func binary() throws -> URL {
        let url = PackageRoot.url.appendingPathComponent(".build/debug/tteok-store-stress")
        guard FileManager.default.isExecutableFile(atPath: url.path) else { throw Missing(path: url.path) }
        return url
    }

    /// Arguments that make member `name` post `count` messages "`name` 00001"… into `channel`.
    static func arguments(_ community: TestCommunity, name: String, count: Int, channel: String = "lobby", intervalMilliseconds: Int = 0) -> [String] {
        ["--store", community.storeURL.path, "--session", community.sessionFile(for: name).path,
         "--email", "\(name)@example.com", "--prefix", name, "--count", String(count),
         "--channel", channel, "--interval-ms", String(intervalMilliseconds)]
    }

    /// Runs the child on its own thread (it blocks until exit) so the caller can keep awaiting.
    static func run(_ arguments: [String], timeout: Double) async throws -> ProcessResult {
        let binary = try binary()
        return try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result {
                    try ProcessRun.run(binary, arguments, environment: ProcessInfo.processInfo.environment, timeout: timeout)
                })
            }.start()
        }
    }
}

extension StressChild {
    /// A child that may be killed at any instant; its standard output is read to its end on
    /// another thread, so what it printed before dying is all there.
    final class Running: @unchecked Sendable {
        let process = Process()
        private let output = Pipe()
        /// Groups, not semaphores: waiting on them twice is fine.
        private let exited = DispatchGroup()
        private let read = DispatchGroup()
        private var data = Data()

        init(_ arguments: [String]) throws {
            process.executableURL = try StressChild.binary()
            process.arguments = arguments
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            exited.enter()
            process.terminationHandler = { [exited] _ in exited.leave() }
            try process.run()
            let handle = output.fileHandleForReading
            read.enter()
            DispatchQueue.global().async { [self] in
                data = handle.readDataToEndOfFile()
                read.leave()
            }
        }

        /// Waits up to `seconds` for the child to end by itself; true when it did.
        func waitForExit(seconds: Double) -> Bool {
            exited.wait(timeout: .now() + seconds) == .success
        }

        /// `kill -9`: no handler, no flush, no clean-up runs in the child.
        func kill() {
            _ = Glibc.kill(process.processIdentifier, SIGKILL)
        }

        /// Everything the child wrote, once it has ended (waits for the end, with a deadline).
        func stdout(within seconds: Double = 60) -> String? {
            guard exited.wait(timeout: .now() + seconds) == .success, read.wait(timeout: .now() + seconds) == .success else { return nil }
            return String(decoding: data, as: UTF8.self)
        }
    }
}
