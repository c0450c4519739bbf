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
