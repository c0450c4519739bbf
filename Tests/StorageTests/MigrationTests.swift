import Storage
import TestSupport
import XCTest

final class MigrationTests: XCTestCase {
    let first = Migration(1, "notes", sql: "CREATE TABLE notes(id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
    let second = Migration(2, "tags", sql: "CREATE TABLE tags(id INTEGER PRIMARY KEY, note_id INTEGER NOT NULL, name TEXT)")
    let third = Migration(3, "index") { try $0.execute("CREATE INDEX tags_note ON tags(note_id)") }

    func testMigratesEmptyFileAndReopensWithoutReapplying() throws {
        let directory = try TemporaryDirectory(prefix: "migrate")
        let path = directory.file("db.sqlite").path
        do {
            let database = try Database(path: path, migrations: [first, second])
            XCTAssertEqual(try database.readSync { try $0.scalar("PRAGMA user_version") }, .integer(2))
            try database.writeSync { try $0.run("INSERT INTO notes(body) VALUES ('kept')") }
        }
        // Re-applying step 1 would fail (table exists): re-open must apply only the new step.
        let reopened = try Database(path: path, migrations: [first, second, third])
        XCTAssertEqual(try reopened.readSync { try $0.scalar("PRAGMA user_version") }, .integer(3))
        XCTAssertEqual(try reopened.readSync { try $0.scalar("SELECT body FROM notes") }, .text("kept"))
        XCTAssertEqual(try reopened.readSync { try $0.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'tags_note'") }, .integer(1))
    }

    func testOpensInWALMode() throws {
        let directory = try TemporaryDirectory(prefix: "wal")
        let database = try Database(path: directory.file("db.sqlite").path, migrations: [first])
        XCTAssertEqual(try database.readSync { try $0.scalar("PRAGMA journal_mode") }, .text("wal"))
    }

    func testNewerFileIsRefused() throws {
        let directory = try TemporaryDirectory(prefix: "newer")
        let path = directory.file("db.sqlite").path
        _ = try Database(path: path, migrations: [first, second])
        XCTAssertThrowsError(try Database(path: path, migrations: [first])) { error in
            XCTAssertEqual(error as? MigrationError, .fileIsNewer(fileVersion: 2, knownVersion: 1))
        }
    }

    func testBadNumberingIsRefused() throws {
        let directory = try TemporaryDirectory(prefix: "numbering")
        XCTAssertThrowsError(try Database(path: directory.file("db.sqlite").path, migrations: [first, third])) { error in
            XCTAssertEqual(error as? MigrationError, .badNumbering([1, 3]))
        }
    }

    func testFailedStepLeavesVersionAndSchemaUntouched() throws {
        let directory = try TemporaryDirectory(prefix: "failing")
        let path = directory.file("db.sqlite").path
        let broken = Migration(2, "broken", sql: "CREATE TABLE half(id INTEGER); SELECT * FROM missing_table")
        XCTAssertThrowsError(try Database(path: path, migrations: [first, broken]))
        let database = try Database(path: path, migrations: [first])
        XCTAssertEqual(try database.readSync { try $0.scalar("PRAGMA user_version") }, .integer(1))
        XCTAssertEqual(try database.readSync { try $0.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'half'") }, .integer(0))
    }
}
