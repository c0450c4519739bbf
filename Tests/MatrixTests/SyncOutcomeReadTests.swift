import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// What `apply` hands the publisher on a real cache file: the new messages as a later read finds
/// them, and `m.direct` as last stored however often it was read before.
final class SyncOutcomeReadTests: XCTestCase {
    private let homeserver = URL(string: "http://h:1")!

    private func text(_ id: String, _ body: String) -> RoomEvent {
        RoomEvent(event_id: id, type: "m.room.message", sender: "@b:x", origin_server_ts: Int64(id.dropFirst()) ?? 1,
                  content: .object(["msgtype": .string("m.text"), "body": .string(body)]))
    }

    private func direct(_ rooms: [String: [String]]) -> EventList<AccountDataEvent> {
        EventList(events: [AccountDataEvent(type: "m.direct", content: .object(rooms.mapValues { .array($0.map(JSONValue.string)) }))])
    }

    func testTheAnswersNewMessagesAreThoseALaterReadFinds() async throws {
        let directory = try TemporaryDirectory()
        let cache = try MatrixCache(directory: directory.url, homeserver: homeserver, userID: "@a:x")
        let reaction = RoomEvent(event_id: "$9", type: "m.reaction", sender: "@c:x", origin_server_ts: 9,
                                 content: .object(["m.relates_to": .object(["rel_type": .string("m.annotation"),
                                                                           "event_id": .string("$2"), "key": .string("👍")])]))
        let outcome = try await cache.apply(SyncResponse(next_batch: "s1", rooms: .init(join: ["!r": JoinedRoom(
            timeline: .init(events: [text("$1", "one"), text("$2", "two"), reaction]))])))
        let ids = try XCTUnwrap(outcome.newEvents["!r"])
        XCTAssertEqual(ids, ["$1", "$2"])
        let later = try await cache.events(ids: ids)
        XCTAssertEqual(outcome.newMessages["!r"], later)
        XCTAssertEqual(later.last?.relations.reactions.map(\.key), ["👍"], "a relation in the same answer is read with its target")
    }

    /// A cold start's window fills the cache ahead of the position: its messages are not read
    /// back in its transaction (the first screen's reads waited behind six hundred of them); the
    /// publisher reads them after the commit.
    func testAnAnswerAheadOfThePositionIsNotReadBack() async throws {
        let directory = try TemporaryDirectory()
        let cache = try MatrixCache(directory: directory.url, homeserver: homeserver, userID: "@a:x")
        let outcome = try await cache.apply(SyncResponse(next_batch: "w1", rooms: .init(join: ["!r": JoinedRoom(
            timeline: .init(events: [text("$1", "one"), text("$2", "two")]))])), movingPosition: false)
        XCTAssertEqual(outcome.newEvents["!r"], ["$1", "$2"], "the new messages are still told")
        XCTAssertNil(outcome.newMessages["!r"])
        let stored = try await cache.events(ids: ["$1", "$2"]).map(\.content.body)
        XCTAssertEqual(stored, ["one", "two"])
        let token = try await cache.syncToken()
        XCTAssertNil(token, "and the position is not moved")
    }

    func testDirectRoomsFollowEveryStoreOfMDirect() async throws {
        let directory = try TemporaryDirectory()
        let cache = try MatrixCache(directory: directory.url, homeserver: homeserver, userID: "@a:x")
        let none = try await cache.directRooms()
        XCTAssertEqual(none, [:])
        _ = try await cache.apply(SyncResponse(next_batch: "s1", account_data: direct(["@b:x": ["!d1"]])))
        let first = try await cache.directRooms()
        XCTAssertEqual(first, ["@b:x": ["!d1"]])
        _ = try await cache.apply(SyncResponse(next_batch: "s2", account_data: direct(["@b:x": ["!d1"], "@c:x": ["!d2"]])))
        let synced = try await cache.directRooms()
        XCTAssertEqual(synced, ["@b:x": ["!d1"], "@c:x": ["!d2"]])
        try await cache.setAccountData("m.direct", ["@c:x": ["!d2"]])
        let stored = try await cache.directRooms()
        XCTAssertEqual(stored, ["@c:x": ["!d2"]])
        // Other account data leaves it as it is.
        _ = try await cache.apply(SyncResponse(next_batch: "s3", account_data: EventList(events: [
            AccountDataEvent(type: "m.ignored_user_list", content: .object(["ignored_users": .object([:])]))])))
        let unchanged = try await cache.directRooms()
        XCTAssertEqual(unchanged, ["@c:x": ["!d2"]])
    }
}
