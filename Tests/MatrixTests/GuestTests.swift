import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// Guests read along and never post: tteok refuses before any request.
final class GuestTests: XCTestCase {
    func testGuestListsRoomsReadsAWorldReadableRoomAndCannotSend() async throws {
        let fixture = try MatrixFixture()
        let owner = try await SynapseUser.register(on: fixture.server)
        let readable = "readable \(SynapseServer.randomName())"
        let room = try await owner.createRoom(name: readable, worldReadable: true)
        try await owner.send("visible to guests", to: room)
        let joinable = "joinable \(SynapseServer.randomName())"
        let joinableRoom = try await owner.createRoom(name: joinable, guestsCanJoin: true)

        let transport = RecordingTransport()
        let guest = fixture.service("g", transport: transport)
        try await guest.continueAsGuest()
        let viewer = await guest.viewer()
        XCTAssertEqual(viewer, .guest)
        let names = try await guest.channels().map(\.name)
        XCTAssertTrue(names.contains(readable) && names.contains(joinable), "\(names)")

        let page = try await guest.latestMessages(in: ChannelID(room), limit: 20)
        XCTAssertTrue(page.texts.contains("visible to guests"), "\(page.texts)")
        _ = try await guest.latestMessages(in: ChannelID(joinableRoom), limit: 20)
        let permission = await guest.permission(in: ChannelID(joinableRoom))
        XCTAssertEqual(permission, .denied(.guest))

        let membersOnly = try await owner.createRoom(name: "members \(SynapseServer.randomName())")
        await assertThrows(.unsupported("This room does not let guests in. Log in to read it.")) {
            _ = try await guest.latestMessages(in: ChannelID(membersOnly), limit: 20)
        }

        let sendsBefore = transport.requests.filter { $0.url!.path.contains("/send/") }.count
        await assertThrows(.denied(.guest)) { _ = try await guest.send("hello", to: ChannelID(joinableRoom)) }
        await assertThrows(.denied(.guest)) { _ = try await guest.sendDirect("hello", to: UserID(owner.userID)) }
        await assertThrows(.denied(.guest)) {
            try await guest.report(MessageID("$x"), in: ChannelID(room), reason: "spam")
        }
        let sendsAfter = transport.requests.filter { $0.url!.path.contains("/send/") || $0.url!.path.contains("/report/") }.count
        XCTAssertEqual(sendsBefore, 0)
        XCTAssertEqual(sendsAfter, 0, "a guest's send never reaches the server")
        await fixture.close()
    }
}
