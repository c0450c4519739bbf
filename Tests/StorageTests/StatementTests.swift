import CSQLite
import Foundation
import Storage
import TestSupport
import XCTest

final class StatementTests: XCTestCase {
    var directory: TemporaryDirectory!
    var database: Database!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "statements")
        database = try Database(path: directory.file("db.sqlite").path, migrations: [
            Migration(1, "values", sql: "CREATE TABLE vals(id INTEGER PRIMARY KEY, v ANY, UNIQUE(v))"),
        ])
    }

    func testEveryValueKindRoundTrips() throws {
        let values: [SQLValue] = [
            .null, .integer(0), .integer(Int64.max), .integer(Int64.min), .real(-2.5), .text(""),
            .text("떡볶이 🌶️ \u{0}inner"), .blob(Data()), .blob(Data([0, 1, 2, 255])),
        ]
        for value in values {
            let read = try database.writeSync { connection -> SQLValue in
                try connection.run("DELETE FROM vals WHERE id > 0")
                try connection.run("INSERT INTO vals(v) VALUES (?)", [value])
                return try connection.scalar("SELECT v FROM vals")
            }
            XCTAssertEqual(read, value)
        }
    }

    func testRowsReadByNameAndPosition() throws {
        let row = try database.readSync { try $0.queryRow("SELECT 7 AS seven, 'x' AS letter") }
        XCTAssertEqual(row?["seven"].int, 7)
        XCTAssertEqual(row?[1].string, "x")
        XCTAssertEqual(row?["absent"], .null)
    }

    func testStatementsAreCachedAndReusable() throws {
        let counts = try database.writeSync { connection -> [Int] in
            let before = connection.cachedStatementCount
            for number in 1...5 { try connection.run("INSERT INTO vals(v) VALUES (?)", [.integer(Int64(number))]) }
            return [before, connection.cachedStatementCount]
        }
        XCTAssertEqual(counts[1], counts[0] + 1)
        XCTAssertEqual(try database.readSync { try $0.scalar("SELECT sum(v) FROM vals") }, .integer(15))
    }

    func testErrorCarriesCodeMessageAndSQL() throws {
        let sql = "SELECT missing FROM no_such_table"
        XCTAssertThrowsError(try database.readSync { try $0.query(sql) }) { error in
            let sqlite = error as? SQLiteError
            XCTAssertEqual(sqlite?.sql, sql)
            XCTAssertEqual(sqlite?.primaryCode, SQLITE_ERROR)
            XCTAssertTrue(sqlite?.message.contains("no_such_table") ?? false, "\(String(describing: sqlite))")
        }
    }

    func testConstraintErrorIsTypedAndRolledBack() throws {
        try database.writeSync { try $0.run("INSERT INTO vals(v) VALUES ('once')") }
        XCTAssertThrowsError(try database.writeSync { connection in
            try connection.run("INSERT INTO vals(v) VALUES ('other')")
            try connection.run("INSERT INTO vals(v) VALUES ('once')")
        }) { error in
            XCTAssertTrue((error as? SQLiteError)?.isConstraint ?? false)
            XCTAssertTrue((error as? SQLiteError)?.isUniqueViolation ?? false)
        }
        XCTAssertEqual(try database.readSync { try $0.scalar("SELECT count(*) FROM vals") }, .integer(1))
    }

    func testWrongArgumentCountIsAnError() throws {
        XCTAssertThrowsError(try database.readSync { try $0.query("SELECT ?, ?", [1]) }) { error in
            XCTAssertEqual((error as? SQLiteError)?.sql, "SELECT ?, ?")
        }
    }

    func testAsyncReadAndWrite() async throws {
        let id = try await database.write { connection -> Int64 in
            try connection.run("INSERT INTO vals(v) VALUES ('async')")
            return connection.lastInsertRowID
        }
        let value = try await database.read { try $0.scalar("SELECT v FROM vals WHERE id = ?", [.integer(id)]) }
        XCTAssertEqual(value, .text("async"))
    }
}
