import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// Names at the time of writing in history read back (issue 17): matrix-nio renames its user
/// between two pages of `/messages`, and a reader paging back from the live end shows every
/// message under the name it was written under — the old name on the page older than the
/// rename, which holds no member event of its own.
final class HistoryNamesTests: XCTestCase {
    /// Regression: the older page had no member event for the sender, so its messages took the
    /// member's current name (`Alicia New`).
    func testPagingBackKeepsTheNameOfAPageOlderThanTheRename() async throws {
        let fixture = try MatrixFixture()
        let owner = try await SynapseUser.register(on: fixture.server)
        let nio = NioPeer(user: owner, store: fixture.directory.file("nio"))
        try nio.rename(to: "Alice Old")
        let room = try await owner.createRoom(name: "renames \(SynapseServer.randomName())")
        try await owner.send("written as Alice Old", to: room)
        try await owner.seed(40, prefix: "old filler", to: room, parallel: 1)
        try nio.rename(to: "Alicia New")
        // Synapse writes the room's new member event in a background task.
        let renamed = await eventually(seconds: 20) { (try? await owner.displayName(of: owner.userID, in: room)) == "Alicia New" }
        XCTAssertTrue(renamed, "the room has the new name")
        try await owner.seed(40, prefix: "new filler", to: room, parallel: 1)

        let (reader, _) = try await fixture.member("reader")
        var page = try await reader.latestMessages(in: ChannelID(room), limit: 20)
        var messages = page.messages
        for _ in 0..<10 {
            guard !messages.contains(where: { $0.content == .text("written as Alice Old") }), case .haveMore(let token) = page.next else { break }
            page = try await reader.olderMessages(in: ChannelID(room), before: token, limit: 20)
            messages = page.messages + messages
        }
        let name = { (text: String) in messages.first { $0.content == .text(text) }?.senderNickname }
        XCTAssertEqual(name("written as Alice Old"), "Alice Old", "pages older than the rename")
        XCTAssertEqual(name("old filler 1"), "Alice Old")
        XCTAssertEqual(name("old filler 40"), "Alice Old", "the last message before the rename")
        XCTAssertEqual(name("new filler 1"), "Alicia New")
        XCTAssertEqual(name("new filler 40"), "Alicia New")
        await fixture.close()
    }
}
