import Foundation
import Storage
import TestSupport
import XCTest

final class ChangeTests: XCTestCase {
    var directory: TemporaryDirectory!
    var path: String { directory.file("db.sqlite").path }
    let schema = [Migration(1, "items", sql: "CREATE TABLE items(id INTEGER PRIMARY KEY, name TEXT NOT NULL)")]
    struct Refused: Error {}

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "changes")
    }

    func testChangeIsPublishedAfterCommitWithTouchedRows() throws {
        let database = try Database(path: path, migrations: schema)
        // Seen from inside the handler: the transaction is over and the row is readable.
        let seen = Collected<(DatabaseChange, Bool, SQLValue)>()
        let observation = database.observe { change, connection in
            seen.append((change, connection.isInTransaction, (try? connection.scalar("SELECT name FROM items")) ?? .null))
        }
        defer { observation.cancel() }
        let id = try database.writeSync { connection -> Int64 in
            try connection.run("INSERT INTO items(name) VALUES ('떡')")
            XCTAssertEqual(seen.count, 0, "published before commit")
            return connection.lastInsertRowID
        }
        XCTAssertEqual(seen.count, 1)
        let (change, inTransaction, name) = try XCTUnwrap(seen.values.first)
        XCTAssertEqual(change, .committed([RowChange(table: "items", kind: .insert, rowID: id)]))
        XCTAssertEqual(change.inserted(into: "items"), [id])
        XCTAssertFalse(inTransaction)
        XCTAssertEqual(name, .text("떡"))
    }

    func testNothingIsPublishedOnRollback() throws {
        let database = try Database(path: path, migrations: schema)
        let seen = Collected<DatabaseChange>()
        let observation = database.observe { change, _ in seen.append(change) }
        defer { observation.cancel() }
        XCTAssertThrowsError(try database.writeSync { connection in
            try connection.run("INSERT INTO items(name) VALUES ('gone')")
            throw Refused()
        })
        XCTAssertEqual(seen.count, 0)
        XCTAssertEqual(try database.readSync { try $0.scalar("SELECT count(*) FROM items") }, .integer(0))
        try database.writeSync { try $0.run("INSERT INTO items(name) VALUES ('kept')") }
        XCTAssertEqual(seen.values.map { $0.inserted(into: "items").count }, [1], "the rolled-back row leaked into the next change")
    }

    func testNestedWriteIsRefusedWithoutHarmingTheOuterOne() throws {
        let database = try Database(path: path, migrations: schema)
        try database.writeSync { connection in
            try connection.run("INSERT INTO items(name) VALUES ('outer')")
            XCTAssertThrowsError(try database.writeSync { try $0.run("INSERT INTO items(name) VALUES ('inner')") })
            XCTAssertTrue(connection.isInTransaction)
        }
        XCTAssertEqual(try database.readSync { try $0.query("SELECT name FROM items").map { $0[0] } }, [.text("outer")])
    }

    func testObservationEndsWhenCancelled() throws {
        let database = try Database(path: path, migrations: schema)
        let seen = Collected<DatabaseChange>()
        let observation = database.observe { change, _ in seen.append(change) }
        try database.writeSync { try $0.run("INSERT INTO items(name) VALUES ('a')") }
        observation.cancel()
        observation.cancel()
        try database.writeSync { try $0.run("INSERT INTO items(name) VALUES ('b')") }
        XCTAssertEqual(seen.count, 1)
        XCTAssertEqual(database.observerCount, 0)
    }

    func testStreamObservationEndsWhenConsumerIsCancelled() async throws {
        let database = try Database(path: path, migrations: schema)
        let stream = database.changes()
        let consumer = Task { () -> Int in
            var count = 0
            for await _ in stream { count += 1 }
            return count
        }
        XCTAssertEqual(database.observerCount, 1)
        try await database.write { try $0.run("INSERT INTO items(name) VALUES ('a')") }
        consumer.cancel()
        _ = await consumer.value
        XCTAssertTrue(waitUntil { database.observerCount == 0 }, "the stream's observation outlived its consumer")
    }

    func testValueObservationSkipsEqualValues() throws {
        let database = try Database(path: path, migrations: schema)
        let counts = Collected<Int>()
        let observation = database.observe(tracking: { try $0.scalar("SELECT count(*) FROM items WHERE name = 'x'").int ?? -1 }) { result in
            if case .success(let count) = result { counts.append(count) }
        }
        defer { observation.cancel() }
        XCTAssertTrue(waitUntil { counts.count == 1 })
        try database.writeSync { try $0.run("INSERT INTO items(name) VALUES ('y')") }
        try database.writeSync { try $0.run("INSERT INTO items(name) VALUES ('x')") }
        XCTAssertTrue(waitUntil { counts.count == 2 })
        XCTAssertEqual(counts.values, [0, 1])
    }

    func testAnotherConnectionsCommitIsNoticedWithoutPolling() throws {
        var configuration = Database.Configuration()
        configuration.fallbackPollSeconds = 3_600 // only inotify can deliver within the deadline
        configuration.pollSecondsWithoutInotify = 3_600
        let watcher = try Database(path: path, migrations: schema, configuration: configuration)
        let writer = try Database(path: path, migrations: schema, configuration: configuration)
        let seen = Collected<DatabaseChange>()
        let observation = watcher.observe { change, _ in seen.append(change) }
        defer { observation.cancel() }
        try writer.writeSync { try $0.run("INSERT INTO items(name) VALUES ('from elsewhere')") }
        XCTAssertTrue(waitUntil(seconds: 2) { seen.values.contains(.external) })
        XCTAssertEqual(try watcher.readSync { try $0.scalar("SELECT name FROM items") }, .text("from elsewhere"))
    }

    func testFallbackPollNoticesChangesWithoutInotify() throws {
        var configuration = Database.Configuration()
        configuration.fallbackPollSeconds = 0.2
        configuration.inotify = nil
        let watcher = try Database(path: path, migrations: schema, configuration: configuration)
        var quiet = Database.Configuration()
        quiet.observesOtherProcesses = false
        let writer = try Database(path: path, migrations: schema, configuration: quiet)
        let seen = Collected<DatabaseChange>()
        let observation = watcher.observe { change, _ in seen.append(change) }
        defer { observation.cancel() }
        try writer.writeSync { try $0.run("INSERT INTO items(name) VALUES ('polled')") }
        XCTAssertTrue(waitUntil(seconds: 3) { seen.values.contains(.external) })
    }

    func testConcurrentWritersAllLand() throws {
        let databases = try (0..<4).map { _ in try Database(path: path, migrations: schema) }
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            for number in 0..<100 {
                _ = try? databases[index].writeSync { try $0.run("INSERT INTO items(name) VALUES (?)", [.text("\(index)-\(number)")]) }
            }
        }
        XCTAssertEqual(try databases[0].readSync { try $0.scalar("SELECT count(DISTINCT name) FROM items") }, .integer(400))
    }
}
