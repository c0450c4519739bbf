import Foundation

/// The 100-client load of issue 16 as rows: `tteok-service-load` (built next to this executable)
/// runs a real `tteok serve` on a fresh file with 100 subscribed clients posting 10 messages a
/// second together, for `--load-seconds` (10 by default, 60 for the full budget run).
enum LoadRow {
    static let clients = 100
    static let rate = 10

    static func measure(_ options: BenchOptions) async throws -> [BudgetRow] {
        let tool = URL(fileURLWithPath: options.tteokExecutable).deletingLastPathComponent().appendingPathComponent("tteok-service-load").path
        guard FileManager.default.isExecutableFile(atPath: tool) else {
            throw BenchError.failed("no tteok-service-load at \(tool) (build it: swift build -c release --product tteok-service-load)")
        }
        let output = try await run(tool, ["--tteok", options.tteokExecutable, "--clients", String(clients), "--rate", String(rate),
                                          "--seconds", String(Int(options.loadSeconds))])
        guard let p99 = figure(after: "p99 ", in: output), let lost = figure(after: "lost ", in: output) else {
            throw BenchError.failed("tteok-service-load printed no figures: \(output.suffix(300))")
        }
        let what = "\(clients) clients × \(rate) posts/s for \(Int(options.loadSeconds)) s"
        return [
            BudgetRow("\(what): live delivery p99", unit: .milliseconds, budget: 100, samples: Samples([p99])),
            BudgetRow("…posts lost (not acknowledged, stored once or pushed to all)", unit: .count, budget: 0, samples: Samples([lost])),
        ]
    }

    /// The number following `label` on the tool's verdict line (`PASS: lost 0 (budget 0), p99 21.3 ms …`).
    static func figure(after label: String, in output: String) -> Double? {
        guard let verdict = output.split(separator: "\n").last(where: { $0.hasPrefix("PASS") || $0.hasPrefix("FAIL") }),
              let range = verdict.range(of: label) else { return nil }
        return Double(verdict[range.upperBound...].prefix { $0.isNumber || $0 == "." })
    }

    private static func run(_ tool: String, _ arguments: [String]) async throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = await Task.detached { String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }.value
        process.waitUntilExit()
        return text
    }
}
