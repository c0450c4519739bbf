import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix
@testable import ViewModels

/// Room life as other clients change it (issue 17): a sender who left keeps the name they wrote
/// under; the open chat's title follows a rename.
@MainActor
final class RoomLifeTests: XCTestCase {
    /// Regression: a leave carries no display name, and the cache took that as the name, so every
    /// message of someone who left showed their id's localpart.
    func testASenderWhoLeftKeepsTheirName() async throws {
        let fixture = try MatrixFixture()
        let (tteok, _) = try await fixture.member("tteok")
        let (owner, room) = try await fixture.openedRoom("leavers", for: tteok)
        let dave = try await SynapseUser.register(on: fixture.server)
        try await dave.setDisplayName("Dave D")
        try await dave.join(room.raw)
        let said = try await dave.send("dave was here", to: room.raw)
        try await dave.leave(room.raw)
        let last = try await owner.send("after dave left", to: room.raw)

        var messages: [Message] = []
        let arrived = await eventually(seconds: 20) {
            messages = (try? await tteok.latestMessages(in: room, limit: 20).messages) ?? []
            return messages.contains { $0.id.raw == last }
        }
        XCTAssertTrue(arrived)
        XCTAssertEqual(messages.first { $0.id.raw == said }?.senderNickname, "Dave D", "the name dave wrote under")
        await fixture.close()
    }

    func testTheOpenChatsTitleFollowsARename() async throws {
        let fixture = try MatrixFixture()
        let owner = try await SynapseUser.register(on: fixture.server)
        let room = try await owner.createRoom(name: "before \(SynapseServer.randomName())")
        let chat = try await fixture.openedChat(room, as: "alice")
        let renamed = "after \(SynapseServer.randomName())"
        try await owner.setState("m.room.name", ["name": renamed], in: room)
        let followed = await eventually(seconds: 20) { chat.title == renamed }
        let title = chat.title
        XCTAssertTrue(followed, "the title is \(title)")
        await fixture.close()
    }
}
