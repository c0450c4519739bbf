import ChatCore
import Foundation

/// Rows on real processes through a shared `tteok serve` on the 1M store: the cost of a live
/// message in each real `tteok` client (`--socket … --channel lobby` on its own pseudo-terminal),
/// and the resident memory of the clients and of the service.
@MainActor
enum ServiceClientRows {
    static let clientCount = 3
    static let posts = 200
    /// Posts a second while the clients' CPU is counted.
    static let rate = 20.0

    static func measure(_ context: BenchContext, _ service: BenchService) async throws -> [BudgetRow] {
        let executable = context.options.tteokExecutable
        let home = try BenchHome(context.options.dataDirectory.appendingPathComponent("service-home").standardizedFileURL)
        let backend = ["--socket", service.socketPath]
        try await home.run(executable, ["login"] + backend + ["--email", BenchStore.viewerEmail, "--password-stdin"], stdin: BenchStore.viewerPassword)
        // The rows before this one post into the channel as others while the viewer's in-process
        // front end watches; a read marker still waiting when that front end closed leaves the
        // viewer more unread than a screen holds, and a chat opened so stays at its "new messages"
        // line (SPEC: the view stays where it was) — the live messages then arrive below the
        // screen. Reading the channel first opens every client at the newest, as the row intends.
        _ = try await home.run(executable, ["read"] + backend + [BenchStore.bigChannelName, "--limit", "1"])
        let environment = home.environment
        let clients = try (0..<clientCount).map { _ in
            try RunningClient(executable, arguments: backend + ["--channel", BenchStore.bigChannelName], environment: environment)
        }
        defer { clients.forEach { $0.quit() } }
        for client in clients { try await client.waitForQuiet() }
        let cpu = try await cpuPerMessage(clients, service)
        var clientMemory = Samples()
        for client in clients { clientMemory.append(try await client.steadyResidentMegabytes()) }
        let serviceMemory = Samples([try await ProcessStats.steadyResidentMegabytes(pid: service.pid)])
        return [
            BudgetRow("CPU of each tteok client per live message", unit: .milliseconds, budget: 0.3, samples: cpu),
            BudgetRow("resident memory of tteok --socket, steady, on the 1M store", unit: .megabytes, budget: 30, samples: clientMemory),
            BudgetRow("resident memory of tteok serve on the 1M store, \(clientCount + 1) clients", unit: .megabytes, budget: 40,
                      samples: serviceMemory),
        ]
    }

    /// Another member posts `posts` messages at `rate` into the channel every client shows; each
    /// client's CPU time from before the first to after its screen went quiet, per message.
    private static func cpuPerMessage(_ clients: [RunningClient], _ service: BenchService) async throws -> Samples {
        let (poster, channel) = try await service.poster()
        defer { poster.disconnect() }
        let before = try clients.map { try cpuSeconds($0) }
        let start = MonotonicClock.nanoseconds()
        for index in 0..<posts {
            let due = start + UInt64(Double(index) / rate * 1e9)
            let now = MonotonicClock.nanoseconds()
            if due > now { try await Task.sleep(nanoseconds: due - now) }
            _ = try await poster.send("cpu \(index) 떡볶이 먹으러 갈 사람?", to: channel)
        }
        // Letters no earlier line has in these columns, so the screen update writes them whole.
        let last = "ZQXJKV WVQZJX last"
        _ = try await poster.send(last, to: channel)
        var samples = Samples()
        for (client, cpu) in zip(clients, before) {
            try await client.waitForQuiet(showing: last)
            samples.append((try cpuSeconds(client) - cpu) * 1000 / Double(posts + 1))
        }
        return samples
    }

    private static func cpuSeconds(_ client: RunningClient) throws -> Double {
        guard let seconds = ProcessStats.cpuSeconds(pid: client.pid) else { throw BenchError.failed("tteok is gone") }
        return seconds
    }
}
