import ChatCore
import Foundation
import TUI
import ViewModels

/// Rows timed through the real render path, in process: view models → `TerminalApp.draw` →
/// `Screen` diff → `PTYTerminal` → pseudo-terminal.
@MainActor
enum FrameRows {
    /// From opening the store file to the first complete frame: the channel list with every badge
    /// and the 1M channel open (`--channel lobby`) with its newest messages, flushed to the pty.
    static func coldStart(_ context: BenchContext) async throws -> BudgetRow {
        var samples = Samples()
        for _ in 0..<context.runs {
            let start = MonotonicClock.nanoseconds()
            let bench = try context.session(startChannel: BenchStore.bigChannelName)
            let frontEnd = try BenchFrontEnd(bench)
            await bench.session.start()
            frontEnd.frame()
            let elapsed = MonotonicClock.milliseconds(since: start)
            try checkComplete(frontEnd)
            samples.append(elapsed)
        }
        return BudgetRow("cold start → first complete frame (list + 1M channel)", unit: .milliseconds, budget: 60, samples: samples)
    }

    /// Opening the 1M channel from the list: the gate, the newest page, the posting rule, the read
    /// marker, then its first frame on the pty. Memory growth of this process from /proc/self.
    static func openBigChannel(_ context: BenchContext) async throws -> [BudgetRow] {
        var times = Samples()
        var growth = Samples()
        for _ in 0..<context.runs {
            let bench = try context.session()
            let frontEnd = try BenchFrontEnd(bench)
            await bench.session.start()
            frontEnd.frame()
            let before = ProcessStats.residentMegabytes() ?? 0
            let start = MonotonicClock.nanoseconds()
            _ = try await bench.open(BenchStore.bigChannelName)
            frontEnd.frame()
            let elapsed = MonotonicClock.milliseconds(since: start)
            let after = ProcessStats.residentMegabytes() ?? 0
            try checkComplete(frontEnd)
            times.append(elapsed)
            growth.append(max(0, after - before))
        }
        return [
            BudgetRow("open the 1M-message channel → first frame", unit: .milliseconds, budget: 10, samples: times),
            BudgetRow("open the 1M-message channel: memory growth", unit: .megabytes, budget: 10, samples: growth),
        ]
    }

    /// A character typed into the chat's input line: key handled, frame drawn, diffed, flushed.
    static func keystroke(_ context: BenchContext) async throws -> [BudgetRow] {
        var times = Samples()
        var bytes = Samples()
        let bench = try context.session(startChannel: BenchStore.bigChannelName)
        let frontEnd = try BenchFrontEnd(bench)
        await bench.session.start()
        frontEnd.frame()
        frontEnd.frame()
        let text = Array("안녕 hello, 떡볶이 먹으러 갈 사람? ")
        for index in 0..<max(50, context.runs * 10) {
            let key = Key.character(text[index % text.count])
            let written = frontEnd.terminal.bytesWritten
            let start = MonotonicClock.nanoseconds()
            frontEnd.app.receive(key)
            await frontEnd.app.idle()
            frontEnd.frame()
            times.append(MonotonicClock.milliseconds(since: start))
            bytes.append(Double(frontEnd.terminal.bytesWritten - written))
        }
        guard frontEnd.visibleText.contains("hello") else { throw BenchError.failed("typed text not on screen") }
        return [
            BudgetRow("keystroke in the input line → flushed frame", unit: .milliseconds, budget: 1, samples: times),
            BudgetRow("keystroke: bytes written to the terminal", unit: .bytes, budget: 100, samples: bytes),
        ]
    }

    /// The frame must show the list with every badge and the channel's newest message.
    private static func checkComplete(_ frontEnd: BenchFrontEnd) throws {
        let rows = try frontEnd.bench.rows()
        guard rows.count >= 100, rows.allSatisfy(\.badgeIsIn) else { throw BenchError.failed("badges missing in the first frame") }
        guard let chat = try frontEnd.bench.community().navigator.top.chatModel,
              let newest = chat.messages.value?.last?.message.content.summary else {
            throw BenchError.failed("no chat open in the first frame")
        }
        let words = newest.split(separator: " ").prefix(1).map(String.init)
        guard frontEnd.visibleText.contains("lobby"), words.allSatisfy(frontEnd.visibleText.contains) else {
            throw BenchError.failed("the first frame does not show the channel and its newest message")
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
