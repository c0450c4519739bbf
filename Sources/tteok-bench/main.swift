// tteok-bench: builds a 1,000,000-message store (cached under .build/bench) and prints one table
// of the performance budgets, each row the median and p95 of several runs and PASS/FAIL.
//
//   swift run -c release tteok-bench [--runs N] [--idle-seconds S] [--homeserver URL] [--load-seconds S]
//   (the Matrix row runs with --homeserver or TTEOK_SYNAPSE_URL, e.g. from scripts/synapse.sh)
import Foundation

@MainActor
func runBenchmark(_ options: BenchOptions) async throws {
    let log: @Sendable (String) -> Void = { FileHandle.standardError.write(Data("tteok-bench: \($0)\n".utf8)) }
    var rows: [BudgetRow] = []
    func selected(_ name: String) -> Bool { options.only.map { name.contains($0) } ?? true }
    func row(_ name: String, _ body: () async throws -> [BudgetRow]) async {
        guard selected(name) else { return }
        log("measuring \(name)…")
        do {
            rows += try await body()
        } catch {
            rows.append(BudgetRow(name, unit: .milliseconds, budget: 0, verdict: .error("\(error)")))
        }
    }
    // Rows on the crypto store alone, before (and without) the million-message store.
    await row("decryption") { [try CryptoRows.decryption(options, log: log)] }
    await row("first send: crypto") { [try CryptoRows.firstSend(options)] }
    await row("completion") { try await CompletionRows.tab(options) }
    await row("installed binary") { [try InstalledSizeRow.measure(options)] }
    // Rows on a homeserver (the account in 1,000 rooms is kept there between runs).
    await row("1,000 rooms: cold") { [try await ManyRoomsRows.coldStart(options, log: log)] }
    await row("1,000 rooms: warm") { try await ManyRoomsRows.warmStart(options, log: log) }
    await row("1,000 rooms: channels") { [try await ManyRoomsRows.channelsCold(options, log: log)] }
    await row("live burst") { try await LiveBurstRow.measure(options, log: log) }
    // Rows in an encrypted room with 50 member devices (made once per bench run).
    await row("first send: Synapse") { [try await EncryptedRoomRows.firstSend(options, log: log)] }
    await row("encryption memory") { [try await EncryptionMemoryRow.measure(options, log: log)] }
    // The rows on the generated million-message store; it is made (or read from its cache) only
    // when one of them is measured.
    let storeRows: [(name: String, measure: @MainActor (BenchContext) async throws -> [BudgetRow])] = [
        ("cold start", { [try await FrameRows.coldStart($0)] }),
        ("open channel", { try await FrameRows.openBigChannel($0) }),
        ("paging", { [try await StoreRows.paging($0)] }),
        ("badges", { [try await StoreRows.badges($0)] }),
        ("search", { [try await SearchRows.firstPage($0)] }),
        ("search migration", { [try await SearchRows.migration($0)] }),
        ("burst", { try await BurstRow.measure($0) }),
        ("keystroke", { try await FrameRows.keystroke($0) }),
        ("service cold start", { try await ServiceRows.coldStart($0) }),
        ("service live", { try await ServiceRows.shared($0) }),
        ("tteok binary", { try await BinaryRows.measure($0) }),
        ("exec", { try await ExecStartRow.measure($0) }),
        ("Matrix", { try await MatrixRow.measure($0) }),
    ]
    if storeRows.contains(where: { selected($0.name) }) {
        let context = try await BenchContext.prepare(options, log: log)
        for storeRow in storeRows { await row(storeRow.name) { try await storeRow.measure(context) } }
    }
    await row("service load") { try await LoadRow.measure(options) }
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
