import ChatCore
import Foundation
import LocalStore
import Storage
import TestSupport
import XCTest

/// Several processes on one community file: nothing lost, nothing doubled, order kept, and live.
final class MultiProcessTests: XCTestCase {
    let writers = 4
    let perWriter = 2_500

    func testConcurrentProcessesEachGetEveryWriteStoredOnce() async throws {
        let community = try TestCommunity()
        let names = (1...writers).map { "writer\($0)" }
        let start = Date()
        // All children start at once on a file none of them has seen: they also race to create
        // and migrate it.
        let perWriter = perWriter
        let results = try await withThrowingTaskGroup(of: ProcessResult.self) { group in
            for name in names {
                group.addTask { try await StressChild.run(StressChild.arguments(community, name: name, count: perWriter), timeout: 600) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let elapsed = Date().timeIntervalSince(start)
        for result in results { XCTAssertEqual(result.status, 0, "\(result)") }

        let database = try Database(path: community.storeURL.path)
        let total = try database.readSync { try $0.scalar("SELECT count(*) FROM messages WHERE body LIKE 'writer%'") }
        XCTAssertEqual(total, .integer(Int64(writers * perWriter)))
        let distinct = try database.readSync { try $0.scalar("SELECT count(DISTINCT body) FROM messages WHERE body LIKE 'writer%'") }
        XCTAssertEqual(distinct, .integer(Int64(writers * perWriter)), "a message was stored twice")
        for name in names {
            let bodies = try database.readSync { connection in
                try connection.query("SELECT m.body FROM messages m JOIN users u ON u.id = m.sender_id WHERE u.email_key = ? ORDER BY m.id",
                                     [.text("\(name)@example.com")]).compactMap { $0[0].string }
            }
            XCTAssertEqual(bodies, (1...perWriter).map { String(format: "%@ %05d", name, $0) }, "\(name)'s messages are out of order or missing")
        }
        // Sequence numbers (what unread counts stand on) stay 1…n without gaps or repeats.
        let sequence = try database.readSync { try $0.queryRow("SELECT count(*), count(DISTINCT seq), max(seq) FROM messages m JOIN channels c ON c.id = m.channel_id WHERE c.name = 'lobby'") }
        XCTAssertEqual(sequence?[0], sequence?[1])
        XCTAssertEqual(sequence?[0], sequence?[2])
        XCTAssertEqual(try database.readSync { try $0.scalar("PRAGMA integrity_check") }, .text("ok"))
        print("multi-process: \(writers) processes × \(perWriter) messages in \(String(format: "%.2f", elapsed)) s = \(Int(Double(writers * perWriter) / elapsed)) messages/s (including start-up and sign-up)")
    }

    func testAnotherProcessesMessagesReachTheStreamLive() async throws {
        let community = try TestCommunity()
        let viewer = try community.open(as: "viewer")
        try await viewer.continueAsGuest()
        let stream = viewer.events()
        let count = 20
        let arrivals = Task { () -> [TimeInterval] in
            var latencies: [TimeInterval] = []
            for await event in stream {
                guard case .messagesAdded(_, let messages) = event else { continue }
                // From the moment the child stamped the message (inside its transaction) to here.
                latencies += messages.filter { $0.content.summary.hasPrefix("poster ") }.map { Date().timeIntervalSince($0.sentAt) }
                if latencies.count >= count { break }
            }
            return latencies
        }
        let listening = await eventually { await viewer.liveListenerCount() == 1 }
        XCTAssertTrue(listening)
        let child = try await StressChild.run(StressChild.arguments(community, name: "poster", count: count, intervalMilliseconds: 50), timeout: 120)
        XCTAssertEqual(child.status, 0, "\(child)")
        let timeout = Task {
            try await Task.sleep(nanoseconds: 5_000_000_000)
            arrivals.cancel()
        }
        let latencies = await arrivals.value.sorted()
        timeout.cancel()
        XCTAssertEqual(latencies.count, count, "not every message of the other process arrived")
        guard let worst = latencies.last else { return }
        let median = latencies[latencies.count / 2]
        print("live cross-process latency over \(latencies.count) messages: median \(Int(median * 1000)) ms, max \(Int(worst * 1000)) ms")
        XCTAssertLessThan(worst, 0.25, "a message from another process took longer than 250 ms to arrive")
    }

    func testListenersEndWithTheirConsumers() async throws {
        let community = try TestCommunity()
        let store = try community.open(as: "viewer")
        for _ in 0..<100 {
            let stream = store.events()
            let task = Task { for await _ in stream {} }
            task.cancel()
            await task.value
        }
        let settled = await eventually { await store.liveListenerCount() == 0 }
        XCTAssertTrue(settled)
    }
}
