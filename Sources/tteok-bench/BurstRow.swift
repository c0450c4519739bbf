import ChatCore
import Foundation
import ViewModels

/// Another process writes 10,000 messages within a second into the channel the viewer has open:
/// how long after its last commit the last message is in the chat, and the slowest frame meanwhile.
@MainActor
enum BurstRow {
    static let channel = "help"
    static let count = 10_000

    /// The app loop redraws as the chat changes; the row times from the writer's last commit to
    /// the flushed frame that shows its last message, and keeps the slowest frame meanwhile.
    static func measure(_ context: BenchContext) async throws -> [BudgetRow] {
        var latency = Samples()
        var slowestFrame = Samples()
        for _ in 0..<max(1, context.runs / 3) {
            let bench = try context.session()
            let frontEnd = try BenchFrontEnd(bench)
            await bench.session.start()
            let chat = try await bench.open(channel)
            try await frontEnd.settle()
            let lastBody = "burst \(count)"
            frontEnd.mark = { [weak chat] in chat?.messages.value?.last?.message.content == .text(lastBody) }
            let first = frontEnd.frames.count
            let lastCommit = try await runWriter(context)
            let shown = try await frontEnd.waitForFrame(after: first) { $0.marked }
            guard frontEnd.visibleText.contains(lastBody) else { throw BenchError.failed("the last message is not on screen") }
            latency.append(Double(Int64(bitPattern: shown.end &- lastCommit)) / 1e6)
            slowestFrame.append(frontEnd.frames.dropFirst(first).map(\.milliseconds).max() ?? 0)
        }
        return [
            BudgetRow("10k msgs from another process in 1 s: last on screen", unit: .milliseconds, budget: 500, samples: latency),
            BudgetRow("…during that burst: slowest frame", unit: .milliseconds, budget: 16, samples: slowestFrame),
        ]
    }

    /// Runs the writer child and returns its last commit time (CLOCK_MONOTONIC ns).
    private static func runWriter(_ context: BenchContext) async throws -> UInt64 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["burst-writer", "--store", context.storeURL.path, "--channel", channel,
                             "--count", String(count), "--seconds", "1"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // Read on another thread: the main actor must keep delivering the chat's changes meanwhile.
        let text = await Task.detached { String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }.value
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let value = text.split(separator: " ").last.flatMap({ UInt64($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) else {
            throw BenchError.failed("burst writer failed: \(text)")
        }
        return value
    }
}

/// Polls `condition` on the main actor until it holds or `seconds` pass.
@MainActor
func waitUntil(seconds: Double, _ condition: () -> Bool) async throws {
    let deadline = MonotonicClock.nanoseconds() + UInt64(seconds * 1e9)
    while !condition() {
        guard MonotonicClock.nanoseconds() < deadline else { throw BenchError.failed("timed out after \(seconds) s") }
        try await Task.sleep(nanoseconds: 1_000_000)
    }
}
