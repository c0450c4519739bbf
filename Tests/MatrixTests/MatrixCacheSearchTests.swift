import ChatCore
import Foundation
import Storage
import TestSupport
import XCTest
@testable import Matrix

/// The cache's full-text index on a real file: filled by each insert (live and history), by the
/// migration for events cached before it, and when a placeholder is decrypted in place.
final class MatrixCacheSearchTests: XCTestCase {
    private let homeserver = URL(string: "http://h:1")!

    private func event(_ id: String, _ type: String = "m.room.message", _ content: [String: JSONValue]) -> RoomEvent {
        RoomEvent(event_id: id, type: type, sender: "@b:x", origin_server_ts: Int64(id.dropFirst()) ?? 1, content: .object(content))
    }

    private func text(_ id: String, _ body: String) -> RoomEvent {
        event(id, "m.room.message", ["msgtype": .string("m.text"), "body": .string(body)])
    }

    private func found(_ cache: MatrixCache, _ query: String) async throws -> [String] {
        let expression = try XCTUnwrap(SearchTerms.matchExpression(query))
        return try await cache.search(expression, room: nil, below: nil, limit: 10).map(\.content.body)
    }

    func testTriggersTheMigrationAndInPlaceDecryptionKeepTheIndex() async throws {
        let directory = try TemporaryDirectory()
        var cache: MatrixCache? = try MatrixCache(directory: directory.url, homeserver: homeserver, userID: "@a:x")
        let sealed = event("$3", "m.room.encrypted", ["algorithm": .string("m.megolm.v1.aes-sha2"), "ciphertext": .string("AwgA")])
        _ = try await cache?.apply(SyncResponse(next_batch: "s1", rooms: .init(join: ["!r": JoinedRoom(
            timeline: .init(events: [text("$1", "오늘 맛집을 찾았다"), text("$2", "Hello 떡볶이"), sealed]))])))
        let live = try await found(try XCTUnwrap(cache), "맛집")
        XCTAssertEqual(live, ["오늘 맛집을 찾았다"])

        // A cache from before the index (step 5), reopened: the migration indexes what is there.
        let file = try XCTUnwrap(cache?.file)
        cache = nil
        let database = try Database(path: file.path)
        try database.writeSync { connection in
            try connection.execute("""
                DROP TRIGGER IF EXISTS event_search_insert; DROP TRIGGER event_search_delete; DROP TRIGGER event_search_update;
                DROP TABLE event_search; PRAGMA user_version = 5
                """)
        }
        // Only step 6 runs again: the later steps (7, relations) are already in this file's tables.
        try Self.migrateAgain(file, through: 6, then: CacheSchema.migrations.count)
        let reopened = try MatrixCache(directory: directory.url, homeserver: homeserver, userID: "@a:x")
        let migrated = try await found(reopened, "볶")
        XCTAssertEqual(migrated, ["Hello 떡볶이"])
        let english = try await found(reopened, "HELL")
        XCTAssertEqual(english, ["Hello 떡볶이"])

        // A placeholder decrypted in place becomes findable; a deleted event is gone.
        try database.writeSync { try $0.run("UPDATE events SET msgtype = 'm.text', body = '풀린 비밀' WHERE event_id = '$3'") }
        let decrypted = try await found(reopened, "비밀")
        XCTAssertEqual(decrypted, ["풀린 비밀"])
        try database.writeSync { try $0.run("DELETE FROM events WHERE event_id = '$1'") }
        let deleted = try await found(reopened, "맛집")
        XCTAssertEqual(deleted, [])
        try database.writeSync { try $0.execute("INSERT INTO event_search(event_search) VALUES ('integrity-check')") }
    }

    /// Many messages in one answer, and a history page, are each indexed once: the index agrees
    /// with the table (FTS5's integrity check fails for a missing or doubled entry), and no
    /// insert trigger is left to index them a second time.
    func testEveryInsertOfAnAnswerAndOfAPageIsIndexedOnce() async throws {
        let directory = try TemporaryDirectory()
        let cache = try MatrixCache(directory: directory.url, homeserver: homeserver, userID: "@a:x")
        let burst = (1...12).map { text("$\($0 + 100)", "burst 소식 \($0)") }
        let picture = event("$113", "m.room.message", ["msgtype": .string("m.image"), "body": .string("burst.png"), "url": .string("mxc://x/y")])
        _ = try await cache.apply(SyncResponse(next_batch: "s1", rooms: .init(join: ["!r": JoinedRoom(
            timeline: .init(events: burst + [picture], limited: true, prev_batch: "p1"))])))
        _ = try await cache.prepend(MessagesResponse(chunk: [text("$50", "older 소식")], start: "p1", end: nil, state: nil), to: "!r")
        // The same events again (a sync repeating them) add nothing.
        _ = try await cache.apply(SyncResponse(next_batch: "s2", rooms: .init(join: ["!r": JoinedRoom(timeline: .init(events: burst))])))

        let news = try await cache.search(try XCTUnwrap(SearchTerms.matchExpression("소식")), room: nil, below: nil, limit: 50)
        XCTAssertEqual(news.count, 13)
        let pictures = try await found(cache, "png")
        XCTAssertEqual(pictures, [], "media is not indexed")
        try cache.database.writeSync { connection in
            try connection.execute("INSERT INTO event_search(event_search) VALUES ('integrity-check')")
            XCTAssertNil(try connection.scalar("SELECT name FROM sqlite_master WHERE name = 'event_search_insert'").string)
        }
    }

    /// Runs the schema steps up to `step` on `file` (left at an earlier version by the test), then
    /// marks it at `latest` again, as if a file at that step had had the later steps all along.
    static func migrateAgain(_ file: URL, through step: Int, then latest: Int) throws {
        _ = try Database(path: file.path, migrations: Array(CacheSchema.migrations.prefix(step)))
        try Database(path: file.path).writeSync { try $0.execute("PRAGMA user_version = \(latest)") }
    }
}
