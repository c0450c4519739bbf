// tteok-service-load: the community service under many clients at once (issue 16's load budget).
//
//   tteok-service-load --tteok PATH [--clients 100] [--rate 10] [--seconds 60] [--dir DIR]
//
// Starts the real `tteok serve` (PATH) on a fresh file and a Unix socket in DIR (a new temporary
// folder by default), connects --clients clients from this process (each its own connection,
// account and live subscription), and has them post --rate messages a second together, in
// turn, for --seconds. Each post is timed from the moment it is sent to the moment each client
// is pushed it. Prints the figures and one verdict line: PASS when every post was acknowledged,
// stored once and pushed to every client (0 lost) and the delivery p99 is within 100 ms.
// Exits 1 on FAIL. Bounded: one service, Unix sockets only, stops after --seconds (+ 20 s at most).
import ChatCore
import CommunityClient
import Foundation
import Glibc

struct LoadOptions {
    var tteok = ""
    var clients = 100
    var rate = 10.0
    var seconds = 60.0
    var directory: String?

    init(_ arguments: [String]) throws {
        var index = 0
        func value() throws -> String {
            index += 1
            guard index < arguments.count else { throw ChatError.invalidInput("missing value for \(arguments[index - 1])") }
            return arguments[index]
        }
        while index < arguments.count {
            switch arguments[index] {
            case "--tteok": tteok = try value()
            case "--clients": clients = Int(try value()) ?? 0
            case "--rate": rate = Double(try value()) ?? 0
            case "--seconds": seconds = Double(try value()) ?? 0
            case "--dir": directory = try value()
            default: throw ChatError.invalidInput("unknown argument \(arguments[index])")
            }
            index += 1
        }
        guard !tteok.isEmpty, clients > 0, clients <= 1_000, rate > 0, rate <= 10_000, seconds > 0, seconds <= 3_600 else {
            throw ChatError.invalidInput("usage: tteok-service-load --tteok PATH [--clients 1…1000] [--rate R] [--seconds 1…3600] [--dir DIR]")
        }
    }
}

let options: LoadOptions
do {
    options = try LoadOptions(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("tteok-service-load: \((error as? ChatError)?.message ?? "\(error)")\n".utf8))
    exit(2)
}
do {
    let passed = try await ServiceLoad(options).run()
    exit(passed ? 0 : 1)
} catch {
    FileHandle.standardError.write(Data("tteok-service-load: \((error as? ChatError)?.message ?? "\(error)")\n".utf8))
    exit(1)
}
