import Foundation
import TestSupport
import XCTest
@testable import Storage

/// A database that can be rebuilt from elsewhere (tteok's Matrix cache) is made unsynced: its
/// schema is written with `synchronous = OFF`, then it syncs as any other. One that cannot (the
/// default) is synced from its first write; a file that already exists is never opened unsynced.
final class UnsyncedCreationTests: XCTestCase {
    /// SQLite's `synchronous` level (0 OFF, 1 NORMAL, 2 FULL) seen by the schema's step, and after the open.
    private func levels(at path: String, syncsWhileCreating: Bool, version: Int = 1) throws -> (creating: Int?, after: Int?) {
        let seen = SeenLevel()
        var steps: [Migration] = [Migration(1, "items", sql: "CREATE TABLE items(id INTEGER PRIMARY KEY, name TEXT NOT NULL)")]
        if version == 2 { steps.append(Migration(2, "tags", sql: "CREATE TABLE tags(id INTEGER PRIMARY KEY)")) }
        let last = steps.removeLast()
        steps.append(Migration(last.version, last.name) { connection in
            seen.set(try connection.scalar("PRAGMA synchronous").int)
            try last.apply(connection)
        })
        var configuration = Database.Configuration()
        configuration.observesOtherProcesses = false
        configuration.syncsWhileCreating = syncsWhileCreating
        let database = try Database(path: path, migrations: steps, configuration: configuration)
        let after = try database.readSync { try $0.scalar("PRAGMA synchronous").int }
        XCTAssertEqual(try database.readSync { try $0.scalar("PRAGMA journal_mode").string }, "wal")
        return (seen.value, after)
    }

    func testOnlyANewFileOfARebuildableDatabaseIsMadeUnsynced() throws {
        let directory = try TemporaryDirectory(prefix: "unsynced")
        let rebuildable = try levels(at: directory.file("cache.sqlite").path, syncsWhileCreating: false)
        XCTAssertEqual(rebuildable.creating, 0, "a new rebuildable file is made with synchronous = OFF")
        XCTAssertEqual(rebuildable.after, 1, "and syncs (NORMAL) once made")

        let kept = try levels(at: directory.file("store.sqlite").path, syncsWhileCreating: true)
        XCTAssertEqual(kept.creating, 1, "any other file is synced while it is made")
        XCTAssertEqual(kept.after, 1)

        // The rebuildable file again, with a step to apply: it exists, so its step is synced.
        let reopened = try levels(at: directory.file("cache.sqlite").path, syncsWhileCreating: false, version: 2)
        XCTAssertEqual(reopened.creating, 1, "an existing file's migration is synced")
        XCTAssertEqual(reopened.after, 1)
    }

    /// An empty file its owner made first (the cache makes it 0600 before SQLite opens it) is new.
    func testAnEmptyFileMadeByItsOwnerIsNew() throws {
        let directory = try TemporaryDirectory(prefix: "unsynced-empty")
        let path = directory.file("cache.sqlite").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data()))
        XCTAssertEqual(try levels(at: path, syncsWhileCreating: false).creating, 0)
    }
}

/// What the schema's step saw, handed out of its `@Sendable` closure.
private final class SeenLevel: @unchecked Sendable {
    private let lock = NSLock()
    private var level: Int?
    var value: Int? { lock.withLock { level } }
    func set(_ value: Int?) { lock.withLock { level = value } }
}
