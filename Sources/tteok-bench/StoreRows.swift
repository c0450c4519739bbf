import ChatCore
import Foundation
import ViewModels

/// Rows measured through the view models on the store: the channel list's badges, opening the
/// million-message channel, paging back, and another process's burst of writes.
@MainActor
enum StoreRows {
    /// From `SessionModel.start()` (session resumed) to the channel list published with every
    /// badge in.
    static func badges(_ context: BenchContext) async throws -> BudgetRow {
        var samples = Samples()
        for _ in 0..<context.runs {
            let bench = try context.session()
            var allIn: Double?
            let start = MonotonicClock.nanoseconds()
            bench.session.changes.addObserver { [weak bench] in
                guard let list = bench?.session.community?.channels, allIn == nil else { return }
                list.changes.addObserver { [weak list] in
                    guard allIn == nil, let rows = list?.rows.value, rows.count >= 100, rows.allSatisfy(\.badgeIsIn) else { return }
                    allIn = MonotonicClock.milliseconds(since: start)
                }
            }
            await bench.session.start()
            guard let allIn else { throw BenchError.failed("the channel list never had all badges") }
            samples.append(allIn)
        }
        return BudgetRow("channel list, 100 channels: all badges in", unit: .milliseconds, budget: 20, samples: samples)
    }

    /// Opening the 1M channel from the list: the gate, load (newest page), willAppear (viewer,
    /// posting rule, read marker, live subscription). Memory growth from /proc/self.
    static func openBigChannel(_ context: BenchContext) async throws -> [BudgetRow] {
        var times = Samples()
        var growth = Samples()
        for _ in 0..<context.runs {
            let bench = try context.session()
            await bench.session.start()
            let before = ProcessStats.residentMegabytes() ?? 0
            let (chat, elapsed) = try await MonotonicClock.time { try await bench.open(BenchStore.bigChannelName) }
            let after = ProcessStats.residentMegabytes() ?? 0
            guard (chat.messages.value?.count ?? 0) > 0 else { throw BenchError.failed("the big channel opened empty") }
            times.append(elapsed)
            growth.append(max(0, after - before))
        }
        return [
            BudgetRow("open the 1M-message channel → first page", unit: .milliseconds, budget: 10, samples: times),
            BudgetRow("open the 1M-message channel: memory growth", unit: .megabytes, budget: 10, samples: growth),
        ]
    }

    /// Pages back through the big channel's history, 100 pages of 50 per run, each page timed.
    static func paging(_ context: BenchContext) async throws -> BudgetRow {
        var samples = Samples()
        for _ in 0..<max(1, context.runs / 3) {
            let bench = try context.session()
            await bench.session.start()
            let chat = try await bench.open(BenchStore.bigChannelName)
            for _ in 0..<100 {
                let before = chat.messages.value?.count ?? 0
                let (_, elapsed) = await MonotonicClock.time { await chat.topBecameVisible() }
                guard (chat.messages.value?.count ?? 0) > before else { throw BenchError.failed("paging stopped early") }
                samples.append(elapsed)
            }
        }
        return BudgetRow("page back through history (per page of 50)", unit: .milliseconds, budget: 2, samples: samples)
    }
}
