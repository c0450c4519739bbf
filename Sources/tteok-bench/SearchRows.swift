import ChatCore
import Foundation
import LocalStore
import Storage

/// Search over the 1M-message store: the first page of 20 for Korean queries of one, two and
/// three syllables, one inside a word, English inside a word, two words, and a word no message
/// has; and the schema step that indexes an existing store.
enum SearchRows {
    static let queries = ["떡", "맛집", "떡볶이", "볶", "ELL", "umbrella 김밥", "없는말"]

    static func firstPage(_ context: BenchContext) async throws -> BudgetRow {
        let service = try LocalCommunity(storeURL: context.storeURL, sessionFile: context.sessionFile)
        _ = await service.restoreSession()
        var samples = Samples()
        for _ in 0..<context.runs {
            for query in queries {
                let (page, elapsed) = try await MonotonicClock.time { try await service.search(SearchQuery(text: query, limit: 20)) }
                if query != "없는말", page.hits.isEmpty { throw BenchError.failed("search for \(query) found nothing") }
                samples.append(elapsed)
            }
        }
        return BudgetRow("search the 1M store → first page of 20", unit: .milliseconds, budget: 50, samples: samples)
    }

    /// Schema step 6 on a copy of the store with its index taken out again: what an upgrade
    /// costs a community file of this size, once. No budget (reported, not judged). The step's
    /// own SQL is run, not the file's migrations from step 5: the steps after 6 are in the copy
    /// already and cannot run twice.
    static func migration(_ context: BenchContext) async throws -> BudgetRow {
        let url = try context.store.workingCopy(named: "migration.sqlite")
        defer { BenchStore.remove(url) }
        let database = try Database(path: url.path)
        try unindex(database)
        let start = MonotonicClock.nanoseconds()
        try database.writeSync { try $0.execute(MessageSearchIndex.schema) }
        var samples = Samples()
        samples.append(MonotonicClock.milliseconds(since: start))
        context.log(String(format: "search index migration: %.1f s", samples.values.first.map { $0 / 1000 } ?? 0))
        return BudgetRow("search index migration, 1.1M messages (once per file)", unit: .milliseconds, budget: migrationBudget, samples: samples)
    }

    /// Two minutes: an upgrade a member waits through once, shown with a progress-less start.
    static let migrationBudget = 120_000.0

    /// The index and its triggers taken out, as before step 6.
    private static func unindex(_ database: Database) throws {
        try database.writeSync { connection in
            try connection.execute("""
                DROP TRIGGER message_search_insert; DROP TRIGGER message_search_delete; DROP TRIGGER message_search_update;
                DROP TABLE message_search
                """)
        }
    }
}
