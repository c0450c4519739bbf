import ChatCore
import TestSupport
import XCTest
@testable import ViewModels

/// A thread's view from the chat (issue 17): opened from the selected message, it reads the root
/// and its replies, follows another member's reply live, posts mine in the thread (never as a
/// line of the chat), and a guest's reply is refused as posting is.
@MainActor
final class ThreadModelTests: XCTestCase {
    func testAThreadOpensFromTheChatFollowsRepliesAndPostsMine() async throws {
        let fixture = try CommunityFixture()
        let bob = try await fixture.member("bob", nickname: "bob")
        try await fixture.signUpApp("me", nickname: "me")
        let (_, community) = try await fixture.community()
        let lobby = try await fixture.channel("lobby")
        let root = try await bob.send("who is coming?", to: lobby.id)
        _ = try await bob.replyInThread("I am", root: root.id, in: lobby.id)
        let chat = try opened(await community.join("lobby"))

        XCTAssertNil(chat.openThread(), "nothing selected")
        XCTAssertEqual(chat.alert, "Select a message first.")
        chat.dismissAlert()
        chat.select(root.id)
        let thread = try XCTUnwrap(chat.openThread())
        await thread.load()
        XCTAssertEqual(thread.lines.value?.map(\.message.content), [.text("who is coming?"), .text("I am")])

        _ = try await bob.replyInThread("bring snacks", root: root.id, in: lobby.id)
        let live = await eventually { thread.lines.value?.last?.message.content == .text("bring snacks") }
        XCTAssertTrue(live, "another member's reply arrives live: \(thread.lines.value?.map(\.message.content) ?? [])")

        expect(await thread.reply("me too"))
        let counted = await eventually {
            thread.lines.value?.first?.message.thread == .root(replyCount: 3)
                && chat.messages.value?.first { $0.id == root.id }?.message.thread == .root(replyCount: 3)
        }
        XCTAssertTrue(counted, "the root's count follows in the thread and in the chat")
        XCTAssertEqual(thread.lines.value?.last?.isMine, true)
        XCTAssertFalse(chat.messages.value?.contains { $0.message.isThreadReply } ?? true, "no thread reply is a line of the chat")
        thread.close()
    }

    func testAGuestCannotReplyInAThread() async throws {
        let fixture = try CommunityFixture()
        let bob = try await fixture.member("bob", nickname: "bob")
        let (_, community) = try await fixture.community()
        let lobby = try await fixture.channel("lobby")
        let root = try await bob.send("open to all", to: lobby.id)
        let chat = try opened(await community.join("lobby"))
        chat.select(root.id)
        let thread = try XCTUnwrap(chat.openThread())
        await thread.load()
        XCTAssertEqual(thread.lines.value?.count, 1, "a guest reads the thread")
        expect(!(await thread.reply("hi")))
        XCTAssertNotNil(thread.alert)
        let stored = try await bob.thread(root.id, in: lobby.id, limit: 10)
        XCTAssertEqual(stored.replies, [], "nothing was stored")
    }
}
