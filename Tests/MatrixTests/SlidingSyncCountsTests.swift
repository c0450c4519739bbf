import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// Synapse's sliding sync counts no notifications (0 for every room), and a room's cached
/// timeline holds its last ten events: a cold start by sliding sync must still show the server's
/// count for a room with more unread than that, past the window as in it.
final class SlidingSyncCountsTests: XCTestCase {
    private var fixture: MatrixFixture!

    override func setUpWithError() throws { fixture = try MatrixFixture() }
    override func tearDown() { fixture = nil }

    func testARoomPastTheWindowWith25UnreadShows25AfterAColdStart() async throws {
        let user = try await SynapseUser.register(on: fixture.server)
        let other = try await SynapseUser.register(on: fixture.server)
        let tag = SynapseServer.randomName("counts")
        let busy = try await user.createRoom(name: "\(tag)-busy")
        try await other.join(busy)
        try await user.markRead(try await other.send("read up to here", to: busy), in: busy)
        for number in 1...25 { _ = try await other.send("unread \(number)", to: busy) }
        // Three rooms of later activity fill the window of three: the busy room comes in a page.
        for number in 1...3 { _ = try await user.createRoom(name: "\(tag)-later-\(number)", public: false) }
        let serverCount = try await user.notificationCount(in: busy)
        XCTAssertEqual(serverCount, 25, "the server counts 25")

        let transport = HeldSyncTransport { $0.path.hasSuffix("simplified_msc3575/sync") && $0.query?.contains("pos=") == true }
        let tteok = MatrixService(homeserver: fixture.server, sessionFile: fixture.directory.file("counts/session.json"),
                                  cacheDirectory: fixture.directory.file("counts/cache"), transport: transport,
                                  syncStart: .slidingWindow(rooms: 3, page: 1))
        _ = try await tteok.logIn(identifier: user.localpart, password: user.password)
        let window = try await tteok.channels().map(\.name).filter { $0.hasPrefix(tag) }
        XCTAssertEqual(window.sorted(), (1...3).map { "\(tag)-later-\($0)" }, "the busy room is past the window")

        transport.release()
        await tteok.catchUp()
        let room = ChannelID(busy)
        let count = await tteok.unreadCounts(in: [room])[room]
        XCTAssertEqual(try count?.get(), 25, "the server's count, not the ten cached messages")
        let quiet = try await tteok.channels().filter { $0.name.hasPrefix("\(tag)-later") }.map(\.id)
        for (id, later) in await tteok.unreadCounts(in: quiet) { XCTAssertEqual(try later.get(), 0, "\(id) has nothing unread") }
    }

    /// Which rooms need the server's count: someone else spoke after the account's own receipt.
    func testTheRoomsAskedForAreThoseWithSomeoneElsesEventsAfterTheOwnReceipt() {
        func event(_ id: String, _ sender: String) -> RoomEvent {
            RoomEvent(event_id: id, type: "m.room.message", sender: sender, origin_server_ts: 1, content: .object(["body": .string(id)]))
        }
        let me = "@me:x", them = "@them:x"
        let timeline = [event("$1", them), event("$2", me), event("$3", them), event("$4", me)]
        XCTAssertTrue(StartUnreadCounts.unreadAfterReceipt(timeline, read: "$2", me: me))
        XCTAssertFalse(StartUnreadCounts.unreadAfterReceipt(timeline, read: "$3", me: me), "only my own event after the receipt")
        XCTAssertTrue(StartUnreadCounts.unreadAfterReceipt(timeline, read: "$older", me: me), "a receipt older than the timeline")
        XCTAssertTrue(StartUnreadCounts.unreadAfterReceipt(timeline, read: nil, me: me))
        XCTAssertFalse(StartUnreadCounts.unreadAfterReceipt([event("$5", me)], read: nil, me: me))
        XCTAssertFalse(StartUnreadCounts.unreadAfterReceipt([], read: nil, me: me))
    }

    /// The counts request names only the rooms asked for, and splits the room's count by thread as `/sync` does.
    func testTheCountsFilterNamesOnlyTheRoomsAndAsksForThreadCounts() throws {
        let filter = try StartUnreadCounts.filter(["!a:x", "!b:x"])
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(filter.utf8)) as? [String: Any])
        let room = try XCTUnwrap(object["room"] as? [String: Any])
        XCTAssertEqual(room["rooms"] as? [String], ["!a:x", "!b:x"])
        XCTAssertEqual((room["timeline"] as? [String: Any])?["unread_thread_notifications"] as? Bool, true)
        XCTAssertEqual((room["state"] as? [String: Any])?["types"] as? [String], [])
    }
}
