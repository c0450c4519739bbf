import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// A readable room the viewer has not joined and has nothing cached of gets its history fetched
/// once for its badge, however many reads of the list ask at the same time (on Synapse).
final class HistoryFillsTests: XCTestCase {
    func testBadgeReadsAtOnceFetchARoomsHistoryOnce() async throws {
        let fixture = try MatrixFixture()
        let owner = try await SynapseUser.register(on: fixture.server)
        let room = try await owner.createRoom(name: SynapseServer.randomName("open history"), worldReadable: true)
        _ = try await owner.send("first", to: room)
        _ = try await owner.send("second", to: room)
        let transport = StartRecordingTransport()
        let (viewer, _) = try await fixture.member("reader", transport: transport)
        let listed = try await eventually(seconds: 30) { try await viewer.channels().contains { $0.id.raw == room } }
        XCTAssertTrue(listed, "the open room is listed from the directory")

        let channel = ChannelID(room)
        async let first = viewer.unreadCounts(in: [channel])
        async let second = viewer.unreadCounts(in: [channel])
        async let third = viewer.unreadCounts(in: [channel])
        let counts = await [first, second, third].map { try? $0[channel]?.get() }
        XCTAssertEqual(counts, [2, 2, 2], "every read counts the fetched history")
        // A fetch starts from the live end (no `from`) and pages back until it has enough.
        let fetches = transport.asked.filter { $0.contains("/messages") && !$0.contains("from=") }
        XCTAssertEqual(fetches.count, 1, "the room's history was fetched once: \(fetches)")
        await fixture.close()
    }
}
