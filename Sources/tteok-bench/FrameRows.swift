import ChatCore
import Foundation
import TUI
import ViewModels

/// Rows timed through the real render path, in process: view models → `TerminalApp.draw` in the
/// real `AppLoop` → `Screen` diff → `PTYTerminal` → pseudo-terminal. A time ends when the frame
/// that shows the result was flushed to the pty.
@MainActor
enum FrameRows {
    /// From opening the store file to the first flushed frame that is complete: the channel list
    /// with every badge and the 1M channel (`--channel lobby`) open with its newest messages.
    static func coldStart(_ context: BenchContext) async throws -> BudgetRow {
        var samples = Samples()
        for _ in 0..<context.runs {
            let start = MonotonicClock.nanoseconds()
            let bench = try context.session(startChannel: BenchStore.bigChannelName)
            let frontEnd = try BenchFrontEnd(bench)
            frontEnd.mark = { listComplete(bench) && chatShown(bench) }
            await bench.session.start()
            let frame = try await frontEnd.waitForFrame(after: 0) { $0.marked }
            samples.append(Double(frame.end &- start) / 1e6)
            try checkText(frontEnd)
        }
        return BudgetRow("cold start → first complete frame (list + 1M channel)", unit: .milliseconds, budget: 60, samples: samples)
    }

    /// Opening the 1M channel from the list (gate, newest page, posting rule, read marker) to
    /// the first flushed frame showing it. Memory growth of this process from /proc/self.
    static func openBigChannel(_ context: BenchContext) async throws -> [BudgetRow] {
        var times = Samples()
        var growth = Samples()
        for _ in 0..<context.runs {
            let bench = try context.session()
            let frontEnd = try BenchFrontEnd(bench)
            frontEnd.mark = { listComplete(bench) }
            await bench.session.start()
            _ = try await frontEnd.waitForFrame(after: 0) { $0.marked }
            try await frontEnd.settle()
            let before = ProcessStats.residentMegabytes() ?? 0
            let count = frontEnd.frames.count
            frontEnd.mark = { chatShown(bench) }
            let start = MonotonicClock.nanoseconds()
            // The loop draws the chat as soon as the navigator shows it; `open` returns later,
            // after the list's own didDisappear work.
            let opening = Task { try await bench.open(BenchStore.bigChannelName) }
            let frame = try await frontEnd.waitForFrame(after: count) { $0.marked }
            _ = try await opening.value
            times.append(Double(frame.end &- start) / 1e6)
            growth.append(max(0, (ProcessStats.residentMegabytes() ?? 0) - before))
            try checkText(frontEnd)
        }
        return [
            BudgetRow("open the 1M-message channel → first frame", unit: .milliseconds, budget: 10, samples: times),
            BudgetRow("open the 1M-message channel: memory growth", unit: .megabytes, budget: 10, samples: growth),
        ]
    }

    /// A character typed into the chat's input line: bytes into the loop's key parser, the key
    /// handled, the frame drawn, diffed and flushed; and the bytes that frame wrote.
    static func keystroke(_ context: BenchContext) async throws -> [BudgetRow] {
        var times = Samples()
        var bytes = Samples()
        let bench = try context.session(startChannel: BenchStore.bigChannelName)
        let frontEnd = try BenchFrontEnd(bench)
        frontEnd.mark = { chatShown(bench) }
        await bench.session.start()
        _ = try await frontEnd.waitForFrame(after: 0) { $0.marked }
        try await frontEnd.settle()
        let text = Array("안녕 hello, 떡볶이 먹으러 갈 사람? ")
        for index in 0..<max(50, context.runs * 10) {
            let count = frontEnd.frames.count
            let written = frontEnd.terminal.bytesWritten
            let start = MonotonicClock.nanoseconds()
            frontEnd.type(String(text[index % text.count]))
            let frame = try await frontEnd.waitForFrame(after: count)
            times.append(Double(frame.end &- start) / 1e6)
            bytes.append(Double(frontEnd.terminal.bytesWritten - written))
        }
        guard frontEnd.visibleText.contains("hello") else { throw BenchError.failed("typed text not on screen") }
        return [
            BudgetRow("keystroke in the input line → flushed frame", unit: .milliseconds, budget: 0.3, samples: times),
            BudgetRow("keystroke: bytes written to the terminal", unit: .bytes, budget: 100, samples: bytes),
        ]
    }

    // MARK: Checks

    /// Every channel listed with its badge in.
    static func listComplete(_ bench: BenchSession) -> Bool {
        guard let rows = try? bench.rows() else { return false }
        return rows.count >= 100 && rows.allSatisfy(\.badgeIsIn)
    }

    /// A chat on top with its messages loaded.
    static func chatShown(_ bench: BenchSession) -> Bool {
        guard let chat = try? bench.community().navigator.top.chatModel else { return false }
        return !(chat.messages.value ?? []).isEmpty
    }

    /// The last frame shows the big channel and the first word of its newest message.
    static func checkText(_ frontEnd: BenchFrontEnd) throws {
        guard let chat = try frontEnd.bench.community().navigator.top.chatModel,
              let newest = chat.messages.value?.last?.message.content.summary,
              let word = newest.split(separator: " ").first.map(String.init) else {
            throw BenchError.failed("no chat open in the first complete frame")
        }
        guard frontEnd.visibleText.contains("lobby"), frontEnd.visibleText.contains(word) else {
            throw BenchError.failed("the frame does not show the channel and its newest message")
        }
    }
}

extension BenchFrontEnd {
    /// Waits until no frame has been flushed for 100 ms (start-up work done).
    func settle() async throws {
        var count = -1
        var since = MonotonicClock.nanoseconds()
        try await waitUntil(seconds: 10) {
            if frames.count != count { count = frames.count; since = MonotonicClock.nanoseconds() }
            return MonotonicClock.milliseconds(since: since) > 100
        }
    }
}

extension Page {
    /// The chat model when this page is a chat.
    var chatModel: ChatModel? {
        if case .chat(let model) = self { return model }
        return nil
    }
}
