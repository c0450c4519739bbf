import Foundation
import Storage
import TestSupport
import XCTest

/// Writers killed with `kill -9` at random instants while they post: the file stays consistent
/// and every write a writer acknowledged (printed after its commit) is there, once. A killed
/// writer loses at most the one write it had not acknowledged yet.
final class KilledWriterTests: XCTestCase {
    let acknowledgedTarget = 10_000
    let slots = 4
    /// A writer lives this long (milliseconds, drawn at random) before it is killed.
    let lifetimes = 20...400

    func testWritersKilledAtRandomLoseNoAcknowledgedWrite() async throws {
        let community = try TestCommunity()
        var random = SeededGenerator(seed: UInt64(ProcessInfo.processInfo.environment["TTEOK_KILL_SEED"] ?? "") ?? UInt64.random(in: 0...UInt64.max))
        print("killed writers: seed \(random.seed) (TTEOK_KILL_SEED reproduces the kill times)")
        let tally = WriterTally()
        var incarnation = 0
        let start = Date()
        // Each slot runs one writer at a time; a new one starts where a killed one fell.
        while tally.acknowledged < acknowledgedTarget {
            var running: [(name: String, child: StressChild.Running, death: Date)] = []
            for _ in 0..<slots {
                incarnation += 1
                let name = "k\(incarnation)"
                let arguments = StressChild.arguments(community, name: name, count: acknowledgedTarget) + ["--ack", "yes"]
                let lifetime = Double(Int.random(in: lifetimes, using: &random)) / 1000
                running.append((name, try StressChild.Running(arguments), Date().addingTimeInterval(lifetime)))
            }
            for writer in running.sorted(by: { $0.death < $1.death }) {
                if !writer.child.waitForExit(seconds: max(0, writer.death.timeIntervalSinceNow)) { writer.child.kill() }
            }
            for writer in running {
                let output = try XCTUnwrap(writer.child.stdout(), "\(writer.name) did not end after its kill")
                tally.record(writer.name, output: output, killed: writer.child.process.terminationReason == .uncaughtSignal)
            }
        }
        let elapsed = Date().timeIntervalSince(start)

        let database = try Database(path: community.storeURL.path)
        XCTAssertEqual(try database.readSync { try $0.scalar("PRAGMA integrity_check") }, .text("ok"))
        let stored = try database.readSync { connection in
            try connection.query("SELECT body FROM messages WHERE body LIKE 'k%' ORDER BY id").compactMap { $0[0].string }
        }
        let check = tally.check(stored: stored)
        print("""
            killed writers: \(incarnation) writer processes, \(tally.killed) killed with kill -9, in \(String(format: "%.1f", elapsed)) s; \
            \(tally.acknowledged) writes acknowledged, \(stored.count) stored, \(check.lost) acknowledged writes lost, \
            \(check.duplicated) stored twice, \(check.unacknowledgedKept) committed but killed before acknowledging; integrity_check ok
            """)
        XCTAssertGreaterThan(tally.killed, 0, "no writer was killed mid-run")
        XCTAssertEqual(check.lost, 0, "an acknowledged write is missing")
        XCTAssertEqual(check.duplicated, 0, "a write was stored twice")
        XCTAssertTrue(check.problems.isEmpty, check.problems.prefix(5).joined(separator: "\n"))
    }
}

/// What the writers acknowledged, and the rules their stored writes must follow.
private final class WriterTally: @unchecked Sendable {
    private(set) var acknowledged = 0
    private(set) var killed = 0
    /// Per writer: how many writes it acknowledged (its writes are numbered 1, 2, … in order).
    private var counts: [String: Int] = [:]

    func record(_ name: String, output: String, killed wasKilled: Bool) {
        // A killed writer's last line may be cut short: only whole lines count as acknowledged.
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let acks = lines.filter { $0.hasPrefix("ok \(name) ") }.count
        counts[name] = acks
        acknowledged += acks
        if wasKilled { killed += 1 }
    }

    struct Check {
        var lost = 0
        var duplicated = 0
        var unacknowledgedKept = 0
        var problems: [String] = []
    }

    /// Each writer's stored writes must be exactly 1…n in order, with n its acknowledged count,
    /// or one more (committed, then killed before it could print).
    func check(stored: [String]) -> Check {
        var result = Check()
        var byWriter: [String: [Int]] = [:]
        for body in stored {
            let parts = body.split(separator: " ")
            guard parts.count == 2, let number = Int(parts[1]) else { result.problems.append("unexpected body \(body)"); continue }
            byWriter[String(parts[0]), default: []].append(number)
        }
        for (name, acks) in counts {
            let numbers = byWriter[name] ?? []
            result.duplicated += numbers.count - Set(numbers).count
            result.lost += max(0, acks - Set(numbers).filter { $0 <= acks }.count)
            if numbers.count == acks + 1 { result.unacknowledgedKept += 1 }
            if numbers != Array(0..<numbers.count).map({ $0 + 1 }) || numbers.count > acks + 1 {
                result.problems.append("\(name): acknowledged \(acks), stored \(numbers.prefix(10))…(\(numbers.count))")
            }
        }
        return result
    }
}
