// tteok-store-stress: a child process for LocalStore's multi-process tests.
//
//   tteok-store-stress --store PATH --session PATH --email E --prefix P --count N
//                      [--channel lobby] [--interval-ms 0] [--ack yes]
//
// Signs up E (random password, never on the command line) in the region 마포구 with the terms
// accepted, then posts "P 00001" … "P N" to the channel one message per transaction (pausing
// --interval-ms between posts), and prints
// one line: `posted N in S seconds`. Exits non-zero with the reason on stderr on any failure.
// With `--ack yes` it also prints `ok P 00001` … as each post returns, i.e. after its commit,
// written straight to the descriptor (no buffer), so a writer killed at any instant has
// acknowledged exactly the writes it reported.
import ChatCore
import Foundation
import LocalStore

struct Options {
    var values: [String: String] = [:]

    init(_ arguments: ArraySlice<String>) throws {
        var iterator = arguments.makeIterator()
        while let flag = iterator.next() {
            guard flag.hasPrefix("--"), let value = iterator.next() else { throw ChatError.invalidInput("bad argument \(flag)") }
            values[String(flag.dropFirst(2))] = value
        }
    }

    func require(_ name: String) throws -> String {
        guard let value = values[name] else { throw ChatError.invalidInput("missing --\(name)") }
        return value
    }
}

func run() async throws {
    let options = try Options(CommandLine.arguments.dropFirst())
    let community = try LocalCommunity(storeURL: URL(fileURLWithPath: try options.require("store")),
                                       sessionFile: URL(fileURLWithPath: try options.require("session")))
    let email = try options.require("email")
    let password = UUID().uuidString
    _ = try await community.signUp(SignUpRequest(identifier: email, password: password, nickname: email.components(separatedBy: "@")[0],
                                                 region: "마포구", acceptTerms: true))
    let channel = try await community.channel(named: options.values["channel"] ?? "lobby")
    let count = Int(try options.require("count")) ?? 0
    let prefix = try options.require("prefix")
    let interval = UInt64(options.values["interval-ms"].flatMap(Int.init) ?? 0)
    let acknowledges = options.values["ack"] == "yes"
    let start = Date()
    for number in 1...max(1, count) {
        let body = String(format: "%@ %05d", prefix, number)
        _ = try await community.send(body, to: channel.id)
        if acknowledges { FileHandle.standardOutput.write(Data("ok \(body)\n".utf8)) }
        if interval > 0 { try await Task.sleep(nanoseconds: interval * 1_000_000) }
    }
    print("posted \(count) in \(String(format: "%.3f", Date().timeIntervalSince(start))) seconds")
}

do {
    try await run()
} catch {
    FileHandle.standardError.write(Data("tteok-store-stress: \((error as? ChatError)?.message ?? "\(error)")\n".utf8))
    exit(1)
}
