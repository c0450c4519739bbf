import ChatCore
import Dispatch
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// A cold start's first answer reads the channel list and its badges in the same trip through
/// the database's queue as its write: the screen's reads that follow are answered without
/// waiting for the queue, with what a read would give, until anything else is written.
final class FirstScreenSnapshotTests: XCTestCase {
    private func cache() throws -> (MatrixCache, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        return (try MatrixCache(directory: directory.url, homeserver: URL(string: "http://h:1")!, userID: "@me:x"), directory)
    }

    private func text(_ id: String, in room: String = "", at ts: Int64) -> RoomEvent {
        RoomEvent(event_id: id, type: "m.room.message", sender: "@b:x", origin_server_ts: ts,
                  content: .object(["msgtype": .string("m.text"), "body": .string("hello \(id)")]))
    }

    private func named(_ name: String) -> RoomEvent {
        RoomEvent(event_id: "$name-\(name)", type: "m.room.name", sender: "@b:x", origin_server_ts: 0,
                  content: .object(["name": .string(name)]), state_key: "")
    }

    /// Two rooms: `!a` with two messages, `!b` with one.
    private func firstAnswer() -> SyncResponse {
        SyncResponse(next_batch: "s1", rooms: .init(join: [
            "!a": JoinedRoom(state: .init(events: [named("Alpha")]), timeline: .init(events: [text("$1", at: 1), text("$2", at: 2)], limited: false, prev_batch: nil)),
            "!b": JoinedRoom(state: .init(events: [named("Beta")]), timeline: .init(events: [text("$3", at: 3)], limited: false, prev_batch: nil)),
        ]))
    }

    /// What the database itself gives now, past any snapshot.
    private func read(_ cache: MatrixCache, _ rooms: [String]) async throws -> (names: [String?], counts: [String: MatrixCache.CachedUnread]) {
        try await cache.database.read { connection in
            (try MatrixCache.listedRooms(in: connection).sorted { $0.id < $1.id }.map(\.name),
             try MatrixCache.unread(rooms, me: "@me:x", in: connection))
        }
    }

    func testTheSnapshotGivesWhatAReadGives() async throws {
        let (cache, directory) = try cache()
        _ = try await cache.apply(firstAnswer(), snapshottingFirstScreen: true)
        let listed = try await cache.listing().rooms.sorted { $0.id < $1.id }
        let counts = try await cache.unread(["!a", "!b"])
        let read = try await read(cache, ["!a", "!b"])
        XCTAssertEqual(listed.map(\.name), read.names)
        XCTAssertEqual(listed.map(\.name), ["Alpha", "Beta"])
        XCTAssertEqual(counts, read.counts)
        XCTAssertEqual(counts, ["!a": .count(2), "!b": .count(1)])
        _ = directory
    }

    func testAnyWriteAfterItRetiresIt() async throws {
        let (cache, directory) = try cache()
        _ = try await cache.apply(firstAnswer(), snapshottingFirstScreen: true)
        _ = try await cache.apply(SyncResponse(next_batch: "s2", rooms: .init(join: [
            "!a": JoinedRoom(timeline: .init(events: [text("$4", at: 4)], limited: false, prev_batch: nil)),
        ])))
        let counts = try await cache.unread(["!a", "!b"])
        XCTAssertEqual(counts, ["!a": .count(3), "!b": .count(1)], "the count after the second answer, not the snapshot's")
        _ = directory
    }

    func testTheScreensReadsDoNotWaitForTheDatabasesQueue() async throws {
        let (cache, directory) = try cache()
        _ = try await cache.apply(firstAnswer(), snapshottingFirstScreen: true)
        // Something else holds the queue (a write that has not committed yet).
        let entered = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let holder = Task { try await cache.database.write { _ in entered.signal(); release.wait() } }
        entered.wait()
        let answered = expectation(description: "the list and badges answered")
        let reads = Task {
            let listing = try await cache.listing()
            let counts = try await cache.unread(["!a", "!b"])
            answered.fulfill()
            return (listing.rooms.count, counts.count)
        }
        await fulfillment(of: [answered], timeout: 5)
        release.signal()
        let (rooms, counts) = try await reads.value
        XCTAssertEqual(rooms, 2)
        XCTAssertEqual(counts, 2)
        try await holder.value
        _ = directory
    }

    /// A room the snapshot did not read goes to the database.
    func testAskingForAnUnreadRoomReadsTheDatabase() async throws {
        let (cache, directory) = try cache()
        _ = try await cache.apply(firstAnswer(), snapshottingFirstScreen: true)
        let counts = try await cache.unread(["!a", "!unknown"])
        XCTAssertEqual(counts, ["!a": .count(2), "!unknown": .count(0)])
        _ = directory
    }
}
