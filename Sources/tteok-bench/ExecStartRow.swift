import Foundation

/// The embedded community as a user starts it: the real `tteok` binary exec'd on a pty with
/// `--channel lobby` against the 1M store while its community service is already running, timed
/// from outside the process until the first complete frame reached the terminal — the newest
/// message of the open chat (one the row posts) and the channel listed just before it in the
/// viewer's list (after it when it is first): tteok holds its frames until the screen is whole,
/// and that first frame shows the list scrolled to the open channel, so the row beside it is
/// drawn there whatever the list's height (a row far from it may never be drawn).
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
        let shown = [newest, try await rowBeside(BenchStore.bigChannelName, context)]
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

    /// The name of the row just before `channel`'s in the channel list as the viewer sees it
    /// (just after, when `channel` is first).
    private static func rowBeside(_ channel: String, _ context: BenchContext) async throws -> String {
        let bench = try context.session()
        await bench.session.start()
        try await waitUntil(seconds: 30) { ((try? bench.rows()) ?? []).count > 1 && ((try? bench.rows()) ?? []).contains { $0.name == channel } }
        let rows = try bench.rows()
        guard let index = rows.firstIndex(where: { $0.name == channel }) else { throw BenchError.failed("no channel \(channel) in the list") }
        let name = rows[index == 0 ? 1 : index - 1].name
        // A name that is also part of the open channel's (or the chat's) text would be seen there first.
        guard !name.contains(channel), !channel.contains(name) else { throw BenchError.failed("the list row \(name) is not told apart from \(channel)") }
        return name
    }
}
