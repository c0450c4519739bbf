import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Rows measured on the real `tteok` binary, run interactively on a pseudo-terminal against the
/// working copy of the store (`--store … --channel lobby`, the viewer's session saved by
/// `tteok login` in a private HOME): resident memory once it is steady, and CPU while idle,
/// both from `/proc/PID`.
@MainActor
enum BinaryRows {
    static func measure(_ context: BenchContext) async throws -> [BudgetRow] {
        let executable = context.options.tteokExecutable
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw BenchError.failed("no tteok binary at \(executable) (build it: swift build -c release --product tteok)")
        }
        let home = try BenchHome(context.options.dataDirectory.appendingPathComponent("home"))
        try await home.run(executable, ["login", "--store", context.storeURL.path, "--email", BenchStore.viewerEmail, "--password-stdin"],
                           stdin: BenchStore.viewerPassword)
        let environment = home.environment
        var memory = Samples()
        var idle = Samples()
        for run in 0..<3 {
            let client = try RunningClient(executable, arguments: ["--store", context.storeURL.path, "--channel", BenchStore.bigChannelName],
                                           environment: environment, watching: [BenchStore.bigChannelName])
            defer { client.quit() }
            try await client.waitForQuiet(showing: BenchStore.bigChannelName)
            memory.append(try await client.steadyResidentMegabytes())
            if run == 0 { idle.append(try await client.idleCPUPercent(seconds: context.options.idleSeconds)) }
        }
        return [
            BudgetRow("resident memory of tteok, steady, on the 1M store", unit: .megabytes, budget: 30, samples: memory),
            BudgetRow(String(format: "idle CPU of tteok over %.0f s", context.options.idleSeconds), unit: .percent, budget: 0.1, samples: idle),
        ]
    }
}
