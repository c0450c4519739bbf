import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// A cache file SQLite cannot read (a new cache is made unsynced, so the machine stopping at that
/// moment can leave one; or anything else written over it) is set aside and a new cache made:
/// the server fills it again. Kept, it stopped every start of the account with an SQLite error.
final class UnreadableCacheTests: XCTestCase {
    private let server = URL(string: "http://h:1")!

    func testAnUnreadableCacheIsSetAsideAndANewOneMade() async throws {
        let directory = try TemporaryDirectory(prefix: "unreadable-cache")
        let first = try MatrixCache(directory: directory.url, homeserver: server, userID: "@a:x")
        let path = first.file.path
        try await first.setMeta("sync_token", "s1")
        let garbage = Data(repeating: 0x5A, count: 8192)
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        try garbage.write(to: first.file)

        let reopened = try MatrixCache(directory: directory.url, homeserver: server, userID: "@a:x")
        let token = try await reopened.syncToken()
        XCTAssertNil(token, "a new, empty cache: the server fills it again")
        try await reopened.setMeta("sync_token", "s2")
        let written = try await reopened.syncToken()
        XCTAssertEqual(written, "s2", "the new cache works")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path + ".unreadable")), garbage, "the unreadable file is kept aside, not destroyed")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber
        XCTAssertEqual(mode?.intValue, 0o600, "the new cache is the owner's only")
    }
}
