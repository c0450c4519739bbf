import TestSupport
import XCTest
@testable import Matrix

/// tteok's `/sync` filter against the real Synapse. Per-room account data is left out, so the
/// echo of tteok's own `m.fully_read` brings no room into an answer (Synapse keeps a long-poll
/// waiting while every room's entry is empty after the filter), while a receipt still does: read
/// state from other devices keeps arriving.
final class SyncFilterTests: XCTestCase {
    func testAFullyReadMarkerAloneBringsNoRoomButAReceiptDoes() async throws {
        let server = try SynapseServer.url()
        let user = try await SynapseUser.register(on: server)
        let room = try await user.createRoom(name: "filter \(SynapseServer.randomName())")
        let event = try await user.send("read up to here", to: room)
        let client = MatrixClient(homeserver: server, transport: CurlTransport(), accessToken: user.accessToken)
        let start = try await client.sync(since: nil, timeout: 0)
        XCTAssertNotNil(start.rooms?.join?[room], "the first answer has the room")

        try await user.setFullyRead(event, in: room)
        let marker = try await user.fullyRead(in: room)
        XCTAssertEqual(marker, event, "the server keeps the marker")
        let afterMarker = try await client.sync(since: start.next_batch, timeout: 0)
        XCTAssertNil(afterMarker.rooms?.join?[room], "only the room's account data changed: no entry for it")

        try await user.markRead(event, in: room)
        let afterReceipt = try await client.sync(since: afterMarker.next_batch, timeout: 0)
        let ephemeral = afterReceipt.rooms?.join?[room]?.ephemeral?.events ?? []
        XCTAssertTrue(ephemeral.contains { $0.type == "m.receipt" }, "a receipt still arrives: \(ephemeral.map(\.type))")
    }
}
