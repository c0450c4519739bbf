import Foundation

/// The size of `tteok` as scripts/install.sh installs it: the binary the bench measures
/// (`--tteok`, else the one beside the bench), stripped as the install strips it, in MB of 10^6
/// bytes: issue 20's "≤ 20 MB" read strictly (20 MiB would allow 0.97 MB more).
/// It is what is installed only for the binary of scripts/build-release.sh: a plain
/// `swift build -c release --static-swift-stdlib --product tteok` lacks its link flags (README "Size").
enum InstalledSizeRow {
    static func measure(_ options: BenchOptions) throws -> BudgetRow {
        let name = "installed binary: tteok stripped (release, static Swift runtime)"
        let stripped = FileManager.default.temporaryDirectory.appendingPathComponent("tteok-bench-stripped-\(getpid())")
        defer { try? FileManager.default.removeItem(at: stripped) }
        let strip = Process()
        strip.executableURL = URL(fileURLWithPath: "/usr/bin/strip")
        strip.arguments = ["-o", stripped.path, options.tteokExecutable]
        try strip.run()
        strip.waitUntilExit()
        guard strip.terminationStatus == 0 else { throw BenchError.failed("strip of \(options.tteokExecutable) failed") }
        let bytes = try FileManager.default.attributesOfItem(atPath: stripped.path)[.size] as? Int ?? 0
        return BudgetRow(name, unit: .megabytes, budget: 20, samples: Samples([Double(bytes) / 1_000_000]))
    }
}
