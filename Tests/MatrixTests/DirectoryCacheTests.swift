import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// Issue 20: each reading of the public directory rewrote every room's row and re-listed the
/// thousand rooms twice to tell whether the list changed; on a shared server whose other tests
/// keep publishing rooms, a burst of messages paid for it. The cache now writes only what differs
/// and says whether the channel list shows anything else — on a real SQLite file.
final class DirectoryCacheTests: XCTestCase {
    private func cache() throws -> (MatrixCache, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        return (try MatrixCache(directory: directory.url, homeserver: URL(string: "http://h:1")!, userID: "@a:x"), directory)
    }

    private func room(_ id: String, name: String? = nil, topic: String? = nil, readable: Bool = false) -> PublicRoom {
        PublicRoom(room_id: id, name: name, topic: topic, canonical_alias: nil, num_joined_members: 1,
                   world_readable: readable, guest_can_join: false, room_type: nil)
    }

    func testOnlyWhatTheListShowsCountsAsAChange() async throws {
        let (cache, _) = try cache()
        let hasRead = try await cache.hasReadDirectory()
        XCTAssertFalse(hasRead, "a new cache has read no directory")
        var changed = try await cache.storeDirectory([room("!a", name: "A"), room("!b", name: "B")])
        XCTAssertTrue(changed, "two rooms came")
        changed = try await cache.storeDirectory([room("!a", name: "A"), room("!b", name: "B")])
        XCTAssertFalse(changed, "the same answer again")
        changed = try await cache.storeDirectory([room("!a", name: "A"), room("!b")])
        XCTAssertFalse(changed, "a name left out keeps the cached one")
        let kept = try await cache.room("!b")
        XCTAssertEqual(kept?.name, "B")

        changed = try await cache.storeDirectory([room("!a", name: "A"), room("!b", name: "B", topic: "new topic")])
        XCTAssertTrue(changed, "a topic changed")
        changed = try await cache.storeDirectory([room("!a", name: "A"), room("!b", name: "B", topic: "new topic", readable: true)])
        XCTAssertTrue(changed, "a room became world-readable: its badge is counted")
        changed = try await cache.storeDirectory([room("!a", name: "A"), room("!a", name: "A")])
        XCTAssertTrue(changed, "a room went")
        let gone = try await cache.room("!b")
        XCTAssertEqual(gone?.inDirectory, false)
        changed = try await cache.storeDirectory([room("!a", name: "A"), room("!a", name: "A")])
        XCTAssertFalse(changed, "a room listed twice says nothing the first did not")
    }

    func testAJoinedRoomIsListedWithOrWithoutTheDirectory() async throws {
        let (cache, _) = try cache()
        try await cache.setMembership("!j", .joined)
        var changed = try await cache.storeDirectory([])
        XCTAssertFalse(changed)
        let hasRead = try await cache.hasReadDirectory()
        XCTAssertTrue(hasRead, "an empty directory was read too")
        changed = try await cache.storeDirectory([room("!j")])
        XCTAssertFalse(changed, "a joined room published: listed already")
        let published = try await cache.room("!j")
        XCTAssertEqual(published?.inDirectory, true)
        changed = try await cache.storeDirectory([])
        XCTAssertFalse(changed, "a joined room unpublished: still listed")
        changed = try await cache.storeDirectory([room("!j", name: "renamed")])
        XCTAssertTrue(changed, "its name as the directory says it is new")
    }
}
