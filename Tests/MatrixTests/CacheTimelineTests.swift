import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// The cache's timeline on a real SQLite file: live events and back-pages meet without gaps or repeats.
final class CacheTimelineTests: XCTestCase {
    func message(_ id: Int) -> RoomEvent {
        RoomEvent(event_id: "$\(id)", type: "m.room.message", sender: "@b:x", origin_server_ts: Int64(id),
                  content: .object(["msgtype": .string("m.text"), "body": .string("m\(id)")]))
    }

    func sync(_ ids: ClosedRange<Int>, limited: Bool, batch: String) -> SyncResponse {
        let room = JoinedRoom(timeline: .init(events: ids.map(message), limited: limited, prev_batch: "before-\(ids.lowerBound)"))
        return SyncResponse(next_batch: batch, rooms: .init(join: ["!r": room]))
    }

    func bodies(_ cache: MatrixCache) async throws -> [String] {
        try await cache.events(in: "!r", before: nil, limit: 1000).map(\.content.body)
    }

    func testLimitedSyncOverlappingABackPageKeepsIt() async throws {
        let directory = try TemporaryDirectory()
        let cache = try MatrixCache(directory: directory.url, homeserver: URL(string: "http://h:1")!, userID: "@a:x")
        // A back-page from the live end landed first (newest first, as dir=b answers)…
        try await cache.prepend(MessagesResponse(chunk: (1...5).reversed().map(message), end: "older"), to: "!r")
        // …then the join's limited sync, whose newest events overlap it.
        let outcome = try await cache.apply(sync(4...7, limited: true, batch: "s1"))
        let all = try await bodies(cache)
        XCTAssertEqual(all, ["m1", "m2", "m3", "m4", "m5", "m6", "m7"])
        XCTAssertEqual(outcome.newEvents["!r"], ["$6", "$7"], "only new events are announced")
        let room = try await cache.room("!r")
        XCTAssertEqual(room?.back, .token("older"), "paging continues below the back-page")
    }

    func testLimitedSyncWithAGapStartsTheRoomAfresh() async throws {
        let directory = try TemporaryDirectory()
        let cache = try MatrixCache(directory: directory.url, homeserver: URL(string: "http://h:1")!, userID: "@a:x")
        _ = try await cache.apply(sync(1...3, limited: false, batch: "s1"))
        _ = try await cache.apply(sync(10...12, limited: true, batch: "s2"))
        let all = try await bodies(cache)
        XCTAssertEqual(all, ["m10", "m11", "m12"], "events before the gap are dropped, not shown as adjacent")
        let room = try await cache.room("!r")
        XCTAssertEqual(room?.back, .token("before-10"))
        let token = try await cache.syncToken()
        XCTAssertEqual(token, "s2")
    }

    /// Issue 14, finding 11: a homeserver can send an event body of any size; the cache stores it,
    /// but reading the timeline back reads at most `ReadingCap` of it and counts the rest.
    func testAHugeEventBodyIsReadBackInPart() async throws {
        let directory = try TemporaryDirectory()
        let cache = try MatrixCache(directory: directory.url, homeserver: URL(string: "http://h:1")!, userID: "@a:x")
        let body = String(repeating: "떡", count: 2_000_000)
        let huge = RoomEvent(event_id: "$huge", type: "m.room.message", sender: "@b:x", origin_server_ts: 2,
                             content: .object(["msgtype": .string("m.text"), "body": .string(body)]))
        let room = JoinedRoom(timeline: .init(events: [message(1), huge, message(3)], limited: false, prev_batch: "p"))
        _ = try await cache.apply(SyncResponse(next_batch: "s1", rooms: .init(join: ["!r": room])))

        let events = try await cache.events(in: "!r", before: nil, limit: 10)
        XCTAssertEqual(events.map(\.omittedBytes), [0, 6_000_000 - ReadingCap.bytes / 3 * 3, 0])
        XCTAssertEqual(events[1].content.body, String(repeating: "떡", count: ReadingCap.bytes / 3))
        let message = DomainMapping.message(events[1])
        XCTAssertEqual(message.omittedBytes, events[1].omittedBytes)
        let single = try await cache.event("$huge")
        XCTAssertEqual(single?.omittedBytes, events[1].omittedBytes)
    }
}
