import Foundation

/// The embedded community as a user starts it: the real `tteok` binary exec'd on a pty with
/// `--channel lobby` against the 1M store while its community service is already running, timed
/// from outside the process until the first complete frame reached the terminal — the newest
/// message of the open chat (one the row posts) and the 21st row of the channel list, as the
/// viewer's list sorts them.
@MainActor
enum ExecStartRow {
    static func measure(_ context: BenchContext) async throws -> [BudgetRow] {
        let executable = context.options.tteokExecutable
        let store = ["--store", context.storeURL.path]
        let home = try BenchHome(context.options.dataDirectory.appendingPathComponent("exec-home"))
        try await home.run(executable, store + ["login", "--email", BenchStore.viewerEmail, "--password-stdin"], stdin: BenchStore.viewerPassword)
        let newest = "bench-exec-" + String(UInt32.random(in: 0..<UInt32.max), radix: 36)
        // Posting starts the community service, which stays up while clients come and go.
        try await home.run(executable, store + ["post", BenchStore.bigChannelName], stdin: newest)
        let shown = [newest, try await listRow(20, context)]
        var samples = Samples()
        for _ in 0..<context.runs {
            let running = try RunningClient(executable, arguments: store + ["--channel", BenchStore.bigChannelName],
                                            environment: home.environment, watching: shown)
            defer { running.quit() }
            samples.append(try await running.millisecondsUntilShown(shown))
        }
        return [BudgetRow("embedded: exec → first complete frame, from outside (pty), service running", unit: .milliseconds,
                          budget: 40, samples: samples)]
    }

    /// The name of the channel list's row `index` as the viewer sees the list.
    private static func listRow(_ index: Int, _ context: BenchContext) async throws -> String {
        let bench = try context.session()
        await bench.session.start()
        try await waitUntil(seconds: 30) { ((try? bench.rows()) ?? []).count > index }
        return try bench.rows()[index].name
    }
}
