import ChatCore
import CSQLite
import Foundation
@testable import LocalStore
import Storage
import TestSupport
import XCTest

/// Storage failures reach the user as readable `ChatError`s.
final class StoreErrorTests: XCTestCase {
    func testSQLiteFailuresMapToStorageErrors() {
        XCTAssertEqual(StoreErrors.map(SQLiteError(code: SQLITE_FULL, message: "database or disk is full", sql: "INSERT …")),
                       .storage("the disk is full; free some space and try again"))
        // A WAL that cannot grow fails as an I/O error whose errno is ENOSPC (or EDQUOT).
        let ioWrite = SQLITE_IOERR | (3 << 8)
        XCTAssertEqual(StoreErrors.map(SQLiteError(code: ioWrite, message: "disk I/O error", systemErrno: ENOSPC)), .diskFull)
        XCTAssertEqual(StoreErrors.map(SQLiteError(code: ioWrite, message: "disk I/O error", systemErrno: EDQUOT)), .diskFull)
        XCTAssertEqual(StoreErrors.map(SQLiteError(code: ioWrite, message: "disk I/O error", systemErrno: EIO)), .storage("disk I/O error"))
        XCTAssertEqual(StoreErrors.map(SQLiteError(code: SQLITE_BUSY, message: "database is locked")),
                       .storage("the community file is busy; try again"))
        XCTAssertEqual(StoreErrors.map(ChatError.wrongPassword), .wrongPassword)
        XCTAssertEqual(StoreErrors.map(MigrationError.fileIsNewer(fileVersion: 9, knownVersion: 3)),
                       .storage("the file has schema version 9, newer than this program's 3; update tteok"))
    }

    func testAFileThatIsNotADatabaseIsAReadableError() throws {
        let directory = try TemporaryDirectory(prefix: "garbage")
        let store = directory.file("community.sqlite")
        try Data(repeating: 0x41, count: 4096).write(to: store)
        XCTAssertThrowsError(try LocalCommunity(storeURL: store, sessionFile: directory.file("s.json"))) { error in
            guard case .storage(let message)? = error as? ChatError else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("not a database"), message)
        }
    }
}
