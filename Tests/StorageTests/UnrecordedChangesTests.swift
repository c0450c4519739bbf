import Foundation
import TestSupport
import XCTest
@testable import Storage

/// A database configured to record no row changes (one nothing observes: tteok's Matrix cache and
/// crypto store) writes as any other, without an update hook calling into Swift for every row.
final class UnrecordedChangesTests: XCTestCase {
    private let schema = [Migration(1, "items", sql: "CREATE TABLE items(id INTEGER PRIMARY KEY, name TEXT NOT NULL)")]

    /// The rows the write's own transaction has recorded so far, after inserting two.
    private func recordedInsideAWrite(recording: Bool) throws -> (recorded: Int, stored: Int64?) {
        let directory = try TemporaryDirectory(prefix: "unrecorded")
        var configuration = Database.Configuration()
        configuration.observesOtherProcesses = false
        configuration.recordsRowChanges = recording
        let database = try Database(path: directory.file("db.sqlite").path, migrations: schema, configuration: configuration)
        let recorded = try database.writeSync { connection -> Int in
            try connection.run("INSERT INTO items(name) VALUES ('떡'), ('국')")
            return connection.recorder.rows.count
        }
        return (recorded, try database.readSync { try $0.scalar("SELECT count(*) FROM items").int64 })
    }

    func testRowsAreRecordedOnlyWhereAsked() throws {
        let recorded = try recordedInsideAWrite(recording: true)
        XCTAssertEqual(recorded.recorded, 2, "an observed database records each row")
        let unrecorded = try recordedInsideAWrite(recording: false)
        XCTAssertEqual(unrecorded.recorded, 0, "no hook: nothing recorded")
        XCTAssertEqual(unrecorded.stored, 2, "the write is the same")
    }
}
