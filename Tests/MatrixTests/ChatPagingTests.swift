import ChatCore
import Foundation
import TestSupport
import ViewModels
import XCTest
@testable import Matrix

/// Issue 9: paging older history on Matrix puts each older page above the chat's timeline, in
/// order, with nothing twice — through the real chat model, not only the service.
@MainActor
final class ChatPagingTests: XCTestCase {
    func testOlderPagesGoAboveTheTimelineInOrderWithoutDuplicates() async throws {
        let fixture = try MatrixFixture()
        let owner = try await SynapseUser.register(on: fixture.server)
        let name = "history \(SynapseServer.randomName())"
        let room = try await owner.createRoom(name: name)
        // One at a time, so the room's order is known: m 1 … m 120.
        try await owner.seed(120, prefix: "m", to: room, parallel: 1)
        let chat = try await fixture.openedChat(room, as: "alice")
        // Alice is new to the room, so every message is unread: opening loads older pages toward
        // the first unread (issue 15's "new messages" line); what shows is one run ending at m 120.
        let opened = texts(chat)
        let newestPage = chat.messages.value?.suffix(50).map(\.message.content.summary) ?? []
        XCTAssertEqual(newestPage, (72...120).map { "m \($0)" } + ["joined"], "the newest page, Alice's join last")
        XCTAssertEqual(opened, (121 - opened.count...120).map { "m \($0)" }, "pages loaded on opening are in order, nothing twice")

        var pages = 0
        while case .haveMore = chat.paging, pages < 10 {
            let before = texts(chat)
            await chat.topBecameVisible()
            pages += 1
            XCTAssertEqual(Array(texts(chat).suffix(before.count)), before, "what was shown stays below the older page")
        }
        XCTAssertEqual(chat.paging, .done)
        XCTAssertEqual(texts(chat), (1...120).map { "m \($0)" }, "every message once, oldest first")
        let lines = chat.messages.value?.map(\.message) ?? []
        XCTAssertEqual(lines.changes.map { $0.drop { $0 != ":" } }, [": joined", ": renamed the room to \(name)", ": joined"],
                       "the owner's join and rename come first, Alice's join after m 120")
        XCTAssertEqual(lines.last?.content.isRoomChange, true, "Alice joined on opening: her join is the newest line")
        await fixture.close()
    }

    /// What people said, as the chat shows it (membership and room change lines apart).
    private func texts(_ chat: ChatModel) -> [String] {
        chat.messages.value?.map(\.message).said.map(\.content.summary) ?? []
    }
}
