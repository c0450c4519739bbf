// tteok-bench: builds a 1,000,000-message store (cached under .build/bench) and prints one table
// of the performance budgets, each row the median and p95 of several runs and PASS/FAIL.
//
//   swift run -c release tteok-bench [--runs N] [--idle-seconds S] [--homeserver URL]
//   (the Matrix row runs with --homeserver or TTEOK_SYNAPSE_URL, e.g. from scripts/synapse.sh)
import Foundation

@MainActor
func runBenchmark(_ options: BenchOptions) async throws {
    let log: @Sendable (String) -> Void = { FileHandle.standardError.write(Data("tteok-bench: \($0)\n".utf8)) }
    let context = try await BenchContext.prepare(options, log: log)
    var rows: [BudgetRow] = []
    func row(_ name: String, _ body: () async throws -> [BudgetRow]) async {
        if let only = options.only, !name.contains(only) { return }
        log("measuring \(name)…")
        do {
            rows += try await body()
        } catch {
            rows.append(BudgetRow(name, unit: .milliseconds, budget: 0, verdict: .error("\(error)")))
        }
    }
    await row("cold start") { [try await FrameRows.coldStart(context)] }
    await row("open channel") { try await FrameRows.openBigChannel(context) }
    await row("paging") { [try await StoreRows.paging(context)] }
    await row("badges") { [try await StoreRows.badges(context)] }
    await row("search") { [try await SearchRows.firstPage(context)] }
    await row("search migration") { [try await SearchRows.migration(context)] }
    await row("burst") { try await BurstRow.measure(context) }
    await row("keystroke") { try await FrameRows.keystroke(context) }
    await row("tteok binary") { try await BinaryRows.measure(context) }
    await row("Matrix") { try await MatrixRow.measure(context) }
    print(ResultTable.render(rows))
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    if arguments.first == "burst-writer" {
        try BurstWriter.run(Array(arguments.dropFirst()))
    } else {
        try await runBenchmark(try BenchOptions(arguments))
    }
} catch {
    FileHandle.standardError.write(Data("tteok-bench: \(error)\n".utf8))
    exit(1)
}
