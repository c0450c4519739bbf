import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// A room's listed state (name, topic, alias, power levels, readability, guest access, kind,
/// encryption) as one sync answer leaves it in the cache's row, written in one statement, and
/// whether the answer changed the listing.
final class CachedRoomStateTests: XCTestCase {
    private func state(_ type: String, _ content: [String: JSONValue], id: String, key: String = "") -> RoomEvent {
        RoomEvent(event_id: id, type: type, sender: "@a:x", origin_server_ts: 1, content: .object(content), state_key: key)
    }

    private func answer(_ events: [RoomEvent], batch: String) -> SyncResponse {
        SyncResponse(next_batch: batch, rooms: .init(join: ["!r": JoinedRoom(state: .init(events: events), timeline: .init(events: []))]))
    }

    private var everyField: [RoomEvent] {
        [state("m.room.create", ["type": .string("m.space")], id: "$c"),
         state("m.room.name", ["name": .string("떡집")], id: "$n"),
         state("m.room.topic", ["topic": .string("rice cakes")], id: "$t"),
         state("m.room.canonical_alias", ["alias": .string("#tteok:x")], id: "$a"),
         state("m.room.power_levels", ["users": .object(["@a:x": .number(100)]), "events_default": .number(0)], id: "$p"),
         state("m.room.history_visibility", ["history_visibility": .string("world_readable")], id: "$h"),
         state("m.room.guest_access", ["guest_access": .string("can_join")], id: "$g"),
         state("m.room.encryption", ["algorithm": .string("m.megolm.v1.aes-sha2")], id: "$e")]
    }

    func testEveryListedFieldOfOneAnswerLandsInTheRoomsRow() async throws {
        let directory = try TemporaryDirectory()
        let cache = try MatrixCache(directory: directory.url, homeserver: URL(string: "http://h:1")!, userID: "@me:x")
        let outcome = try await cache.apply(answer(everyField, batch: "s1"))
        XCTAssertTrue(outcome.roomsChanged)
        let cached = try await cache.room("!r")
        let room = try XCTUnwrap(cached)
        XCTAssertEqual(room.name, "떡집")
        XCTAssertEqual(room.topic, "rice cakes")
        XCTAssertEqual(room.alias, "#tteok:x")
        XCTAssertEqual(room.powerLevels?.users?["@a:x"], 100)
        XCTAssertTrue(room.worldReadable)
        XCTAssertTrue(room.guestCanJoin)
        XCTAssertTrue(room.isSpace)
        XCTAssertTrue(room.encrypted)
        XCTAssertEqual(room.membership, .joined)
    }

    func testTheSameStateAgainChangesNothingAndOneNewFieldChangesTheListing() async throws {
        let directory = try TemporaryDirectory()
        let cache = try MatrixCache(directory: directory.url, homeserver: URL(string: "http://h:1")!, userID: "@me:x")
        _ = try await cache.apply(answer(everyField, batch: "s1"))
        let again = try await cache.apply(answer(everyField, batch: "s2"))
        XCTAssertFalse(again.roomsChanged, "state the row already holds was taken for a change")
        let renamed = try await cache.apply(answer([state("m.room.topic", ["topic": .string("songpyeon")], id: "$t2")], batch: "s3"))
        XCTAssertTrue(renamed.roomsChanged)
        let room = try await cache.room("!r")
        XCTAssertEqual(room?.topic, "songpyeon")
        XCTAssertEqual(room?.name, "떡집", "a field the answer did not carry kept its value")
    }
}
