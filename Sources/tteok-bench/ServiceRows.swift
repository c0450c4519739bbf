import ChatCore
import CommunityClient
import Foundation
import ViewModels

/// Rows through the community service, in process: the client's real `ServiceCommunity` over the
/// socket of a real `tteok serve` (a child process), the real view models, `TerminalApp` and
/// render path (`BenchFrontEnd`). A time ends when the frame that shows the result was flushed.
@MainActor
enum ServiceRows {
    /// Cold start as `tteok` alone makes it, through the user's private service: from making the
    /// client (socket checked, service found or started, session resumed) to the first flushed
    /// frame with every badge and the 1M channel open. Once with the service already running,
    /// once with the client starting it (a new `tteok serve --private` opening the 1M store).
    static func coldStart(_ context: BenchContext) async throws -> [BudgetRow] {
        try await BenchPrivateService.stopAll(serving: context.storeURL.standardizedFileURL.path)
        let service = try BenchPrivateService(context)
        try await service.logInViewer()
        var running = Samples()
        for _ in 0..<context.runs {
            running.append(try await firstCompleteFrame(service.client()))
        }
        var starting = Samples()
        for _ in 0..<context.runs {
            try await service.stop()
            starting.append(try await firstCompleteFrame(service.client()))
        }
        try await service.stop()
        return [
            BudgetRow("service running: cold start → first complete frame", unit: .milliseconds, budget: 60, samples: running),
            BudgetRow("client starts the service: cold start → first complete frame", unit: .milliseconds, budget: 150, samples: starting),
        ]
    }

    /// Milliseconds from making `client` to the first complete frame; the client is then closed.
    private static func firstCompleteFrame(_ client: @autoclosure () -> ServiceCommunity) async throws -> Double {
        let start = MonotonicClock.nanoseconds()
        let service = client()
        defer { service.disconnect() }
        let bench = BenchSession(service: service, startChannel: BenchStore.bigChannelName)
        let frontEnd = try BenchFrontEnd(bench)
        frontEnd.mark = { FrameRows.listComplete(bench) && FrameRows.chatShown(bench) }
        await bench.session.start()
        let frame = try await frontEnd.waitForFrame(after: 0) { $0.marked }
        try FrameRows.checkText(frontEnd)
        return Double(frame.end &- start) / 1e6
    }

    /// The rows on one shared `tteok serve` of the 1M store: live messages, then the real clients.
    static func shared(_ context: BenchContext) async throws -> [BudgetRow] {
        // A private service lingering from earlier rows would hold the file (FILE.lock).
        try await BenchPrivateService.stopAll(serving: context.storeURL.standardizedFileURL.path)
        let service = try BenchService(context)
        defer { service.stop() }
        try await service.logInViewer()
        return [try await liveMessage(context, service)] + (try await ServiceClientRows.measure(context, service))
    }

    static let postsPerRound = 100

    /// Another member posts into the 1M channel the viewer has open, through a shared `tteok
    /// serve`: from the moment the post is handed to the poster's client to the viewer's flushed
    /// frame showing it. Each sample is the p99 of one round of posts.
    static func liveMessage(_ context: BenchContext, _ service: BenchService) async throws -> BudgetRow {
        let (poster, channel) = try await service.poster()
        defer { poster.disconnect() }
        let viewer = service.client(sessionFile: service.viewerSession)
        defer { viewer.disconnect() }
        let bench = BenchSession(service: viewer, startChannel: BenchStore.bigChannelName)
        let frontEnd = try BenchFrontEnd(bench)
        frontEnd.mark = { FrameRows.chatShown(bench) }
        await bench.session.start()
        _ = try await frontEnd.waitForFrame(after: 0) { $0.marked }
        try await frontEnd.settle()
        guard let chat = try bench.community().navigator.top.chatModel else { throw BenchError.failed("no chat open") }
        var rounds = Samples()
        for round in 0..<max(3, context.runs / 3) {
            var times = Samples()
            for index in 0..<postsPerRound {
                let text = "live \(round)-\(index) 떡볶이 먹으러 갈 사람?"
                frontEnd.mark = { [weak chat] in chat?.messages.value?.last?.message.content == .text(text) }
                let count = frontEnd.frames.count
                let start = MonotonicClock.nanoseconds()
                _ = try await poster.send(text, to: channel)
                let frame = try await frontEnd.waitForFrame(after: count) { $0.marked }
                times.append(Double(frame.end &- start) / 1e6)
                // Posts come a few a second, as people write; the frame is not timed waiting.
                try await Task.sleep(nanoseconds: 30_000_000)
            }
            guard frontEnd.visibleText.contains("live \(round)-\(postsPerRound - 1)") else { throw BenchError.failed("the last post is not on screen") }
            rounds.append(times.percentile(99))
        }
        return BudgetRow("another client's post → on screen (p99 of \(postsPerRound))", unit: .milliseconds, budget: 20, samples: rounds)
    }
}
