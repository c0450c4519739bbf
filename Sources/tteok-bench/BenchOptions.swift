import Foundation

/// The command line: `tteok-bench [--runs N] [--idle-seconds S] [--homeserver URL] [--data DIR]
/// [--tteok PATH] [--per-channel N] [--load-seconds S] [--only ROW]`, or the child mode `tteok-bench burst-writer …` that the
/// cross-process row starts.
struct BenchOptions: Sendable {
    /// Runs per measurement; the table shows their median and p95.
    var runs = 9
    /// How long the idle-CPU row watches the real binary.
    var idleSeconds = 60.0
    /// A Matrix homeserver for the Matrix row (`--homeserver`, else `TTEOK_SYNAPSE_URL`); without
    /// one the row is skipped.
    var homeserver = ProcessInfo.processInfo.environment["TTEOK_SYNAPSE_URL"].flatMap { $0.isEmpty ? nil : $0 }
    /// Where the generated store is cached.
    var dataDirectory = URL(fileURLWithPath: ".build/bench", isDirectory: true)
    /// The real `tteok` binary for the memory and CPU rows (default: next to this executable).
    var tteokPath: String?
    /// Messages in each of the 99 ordinary channels (the big channel always holds 1,000,000).
    var perChannel = 1_000
    /// How long the 100-client load row runs (issue 16's budget is for 60 s).
    var loadSeconds = 10.0
    /// Measures only the rows whose name contains this (while working on one budget).
    var only: String?

    static let usage = """
        usage: tteok-bench [--runs N] [--idle-seconds S] [--homeserver URL] [--data DIR] [--tteok PATH] [--per-channel N] [--load-seconds S] [--only ROW]
        """

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { throw BenchError.usage("\(flag) needs a value") }
            switch flag {
            case "--runs": runs = try Self.number(value, flag, minimum: 1)
            case "--idle-seconds": idleSeconds = Double(try Self.number(value, flag, minimum: 1))
            case "--homeserver": homeserver = value
            case "--data": dataDirectory = URL(fileURLWithPath: value, isDirectory: true)
            case "--tteok": tteokPath = value
            case "--per-channel": perChannel = try Self.number(value, flag, minimum: 1)
            case "--load-seconds": loadSeconds = Double(try Self.number(value, flag, minimum: 1))
            case "--only": only = value
            default: throw BenchError.usage("unknown option \(flag)")
            }
        }
    }

    private static func number(_ text: String, _ flag: String, minimum: Int) throws -> Int {
        guard let value = Int(text), value >= minimum else { throw BenchError.usage("\(flag) wants a whole number ≥ \(minimum)") }
        return value
    }

    /// The `tteok` binary to measure: `--tteok`, else the one built next to this executable.
    var tteokExecutable: String {
        if let tteokPath { return tteokPath }
        let bench = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        return bench.deletingLastPathComponent().appendingPathComponent("tteok").path
    }
}

/// Why the benchmark could not run or a measurement could not be taken.
enum BenchError: Error, CustomStringConvertible {
    case usage(String)
    case failed(String)

    var description: String {
        switch self {
        case .usage(let message): return "\(message)\n\(BenchOptions.usage)"
        case .failed(let message): return message
        }
    }
}
