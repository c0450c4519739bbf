import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// The per-thread counts a homeserver sends (`unread_thread_notifications`, MSC3773) are hostile
/// input like the rest of a sync answer, taken into the real cache file: a malformed count costs
/// only itself (never the room), counts that are not positive or name no event are dropped, a
/// million roots cannot grow the cache past `threadCountsKept` a room, and a thread the next
/// answer leaves out has no count any more.
final class HostileThreadCountsTests: XCTestCase {
    func testMalformedAndEndlessThreadCountsCostOnlyThemselves() async throws {
        let directory = try TemporaryDirectory()
        let cache = try MatrixCache(directory: directory.url, homeserver: URL(string: "http://h:1")!, userID: "@a:x")
        var counts = (0..<5_000).map { #""$flood\#($0)":{"notification_count":1}"# }
        counts += [#""$root":{"notification_count":4}"#, #""$bad":"many""#, #""$negative":{"notification_count":-3}"#,
                   #""no-event-id":{"notification_count":2}"#, #""$\#(String(repeating: "x", count: 100_000))":{"notification_count":2}"#]
        let answer = #"""
        {"next_batch":"s1","rooms":{"join":{
          "!r":{"timeline":{"events":[
              {"event_id":"$root","type":"m.room.message","sender":"@b:x","origin_server_ts":1,"content":{"msgtype":"m.text","body":"root"}},
              {"event_id":"$reply","type":"m.room.message","sender":"@b:x","origin_server_ts":2,
               "content":{"msgtype":"m.text","body":"reply","m.relates_to":{"rel_type":"m.thread","event_id":"$root"}}}]},
            "unread_notifications":{"notification_count":0},
            "unread_thread_notifications":{\#(counts.joined(separator: ","))}},
          "!other":{"timeline":{"events":[
              {"event_id":"$o","type":"m.room.message","sender":"@b:x","origin_server_ts":1,"content":{"msgtype":"m.text","body":"kept"}}]},
            "unread_notifications":{"notification_count":1},"unread_thread_notifications":7}}}}
        """#
        let sync = try JSONDecoder().decode(SyncResponse.self, from: Data(answer.utf8))
        XCTAssertNotNil(sync.rooms?.join?["!other"], "a thread map of the wrong shape does not cost its room")
        let outcome = try await cache.apply(sync)
        XCTAssertTrue(outcome.changed["!r"]?.contains("$root") == true, "the root is shown anew with its count")

        let root = try await cache.events(in: "!r", before: nil, limit: 10).first { $0.eventID == "$root" }
        XCTAssertEqual(root.map { DomainMapping.message($0).thread }, .root(replyCount: 1, unread: 4))
        let kept = try await cache.database.read { try $0.scalar("SELECT count(*) FROM thread_unread").int }
        XCTAssertEqual(kept, MatrixCache.threadCountsKept, "the flood is cut at the limit")
        let dropped = try await cache.database.read { connection in
            try connection.scalar("""
                SELECT count(*) FROM thread_unread WHERE root IN ('$bad', '$negative', 'no-event-id') OR length(root) > 255
                """).int
        }
        XCTAssertEqual(dropped, 0, "malformed, non-positive and non-event counts are dropped")
        let other = try await cache.events(in: "!other", before: nil, limit: 10).map(\.content.body)
        XCTAssertEqual(other, ["kept"])

        // The next answer leaves the thread out: it has no count any more.
        let next = #"{"next_batch":"s2","rooms":{"join":{"!r":{"unread_notifications":{"notification_count":0}}}}}"#
        let cleared = try await cache.apply(try JSONDecoder().decode(SyncResponse.self, from: Data(next.utf8)))
        XCTAssertTrue(cleared.changed["!r"]?.contains("$root") == true)
        let after = try await cache.events(in: "!r", before: nil, limit: 10).first { $0.eventID == "$root" }
        XCTAssertEqual(after.map { DomainMapping.message($0).thread }, .root(replyCount: 1, unread: 0))
    }
}
