import ChatCore
import TestSupport
import XCTest
@testable import ViewModels

/// A chat adds relations to the message the front end names (issue 17), for its `/reply`,
/// `/me`, `/edit`, `/react` and delete: what the store keeps is what the chat shows, live.
@MainActor
final class ChatRelationsModelTests: XCTestCase {
    func testReplyEmoteEditReactAndDeleteFromTheChat() async throws {
        let fixture = try CommunityFixture()
        let bob = try await fixture.member("bob", nickname: "bob")
        try await fixture.signUpApp("me", nickname: "me")
        let (_, community) = try await fixture.community()
        let lobby = try await fixture.channel("lobby")
        let theirs = try await bob.send("hello from bob", to: lobby.id)
        let chat = try opened(await community.join("lobby"))

        let theirLine = try XCTUnwrap(chat.newestFromOthers)
        XCTAssertEqual(theirLine.id, theirs.id)
        XCTAssertNil(chat.lastEditableLine, "nothing of mine to edit yet")
        expect(await chat.toggleReaction("👍", on: theirLine))
        expect(await chat.reply("hi bob", to: theirLine))
        expect(await chat.sendEmote("waves"))
        let shown = await eventually {
            let lines = chat.messages.value ?? []
            return lines.first { $0.id == theirs.id }?.message.reactions == [ReactionCount(key: "👍", count: 1, mine: true)]
                && lines.contains { $0.message.replyTo?.parentID == theirs.id && $0.message.content == .text("hi bob") }
                && lines.contains { $0.message.content == .emote("waves") }
        }
        XCTAssertTrue(shown, "\(chat.messages.value?.map(\.message) ?? [])")

        expect(!(await chat.edit(theirLine, to: "forged")))
        XCTAssertEqual(chat.alert, "Only its sender can edit a message.")
        chat.dismissAlert()
        let mine = try XCTUnwrap(chat.messages.value?.first { $0.message.content == .text("hi bob") })
        XCTAssertEqual(chat.lastEditableLine?.message.content, .emote("waves"), "my newest message, an action, is the one ↑ edits")
        expect(await chat.edit(mine, to: "hi bob!"))
        expect(await chat.delete(mine))
        let deleted = await eventually { chat.messages.value?.first { $0.id == mine.id }?.message.isDeleted == true }
        XCTAssertTrue(deleted, "the deletion shows through the live event")
    }

    func testReactingAgainWithTheSameEmojiTakesMineBackAndLeavesOthers() async throws {
        let fixture = try CommunityFixture()
        let bob = try await fixture.member("bob", nickname: "bob")
        try await fixture.signUpApp("me", nickname: "me")
        let (_, community) = try await fixture.community()
        let lobby = try await fixture.channel("lobby")
        let theirs = try await bob.send("react to me", to: lobby.id)
        try await bob.react(to: theirs.id, in: lobby.id, with: "👍")
        let chat = try opened(await community.join("lobby"))
        func line() throws -> ChatLine { try XCTUnwrap(chat.messages.value?.first { $0.id == theirs.id }) }
        func reactions() -> [ReactionCount]? { chat.messages.value?.first { $0.id == theirs.id }?.message.reactions }

        expect(await chat.toggleReaction("👍", on: try line()))
        let added = await eventually { reactions() == [ReactionCount(key: "👍", count: 2, mine: true)] }
        XCTAssertTrue(added, "\(reactions() ?? [])")
        expect(await chat.toggleReaction("👍", on: try line()))
        let takenBack = await eventually { reactions() == [ReactionCount(key: "👍", count: 1, mine: false)] }
        XCTAssertTrue(takenBack, "mine went, bob's stayed: \(reactions() ?? [])")
    }
}
