import ChatCore
import CommunityClient
import Foundation
import TestSupport
import XCTest

/// Threads through the community service (wire version 3): a reply posted in a thread over the
/// socket reaches another client's thread view and its root's count live, and stays out of its chat.
final class ServiceThreadTests: XCTestCase {
    func testAThreadThroughTheServiceIsReadAndFollowedLive() async throws {
        let harness = try ServiceHarness()
        let alice = try await harness.member("alice"), bob = try await harness.member("bob")
        let lobby = try await alice.channel(named: "마포구").id
        let events = bob.events()
        let seen = Collected<ChatEvent>()
        let task = Task { for await event in events { seen.append(event) } }
        defer { task.cancel() }
        let subscribed = await eventually(seconds: 20) { bob.receivesLiveEvents }
        XCTAssertTrue(subscribed)

        let root = try await bob.send("who has a ladder?", to: lobby)
        let reply = try await alice.replyInThread("I do", root: root.id, in: lobby)
        XCTAssertEqual(reply.thread, .reply(root: root.id))

        let counted = await eventually(seconds: 20) { seen.values.contains { event in
            if case .messageUpdated(let message) = event { return message.id == root.id && message.thread == .root(replyCount: 1, unread: 1) }
            return false
        } }
        XCTAssertTrue(counted, "bob's root shows the reply count live: \(seen.values)")
        let thread = try await bob.thread(root.id, in: lobby, limit: 20)
        XCTAssertEqual(thread.replies.map(\.content), [.text("I do")])
        let chat = try await bob.latestMessages(in: lobby, limit: 20).messages
        XCTAssertFalse(chat.contains { $0.id == reply.id }, "the thread reply is no line of the chat")
        XCTAssertEqual(chat.first { $0.id == root.id }?.thread, .root(replyCount: 1, unread: 1), "alice's reply is new to bob")
    }

    /// Wire version 6: a thread's older replies page over the socket, a reply answers one message
    /// of its thread, and a forged page token or a message outside the thread is refused in words.
    func testAThreadPagesBackAndAReplyAnswersOneOfItsMessagesOverTheSocket() async throws {
        let harness = try ServiceHarness()
        let alice = try await harness.member("alice"), bob = try await harness.member("bob")
        let lobby = try await alice.channel(named: "마포구").id
        let root = try await bob.send("count with me", to: lobby)
        let numbers = (1...70).map { "reply \($0)" }
        for number in numbers { _ = try await alice.replyInThread(number, root: root.id, in: lobby) }

        let thread = try await bob.thread(root.id, in: lobby, limit: 50)
        guard case .haveMore(let token) = thread.older else { return XCTFail("a thread of 70 has more than a page of 50") }
        let older = try await bob.olderThreadReplies(root.id, in: lobby, before: token, limit: 50)
        XCTAssertEqual((older.messages + thread.replies).map(\.content.summary), numbers)
        XCTAssertEqual(older.next, .done)
        do {
            _ = try await bob.olderThreadReplies(root.id, in: lobby, before: PageToken("x"), limit: 50)
            XCTFail("a forged token was accepted")
        } catch let error as ChatError {
            XCTAssertEqual(error, .invalidInput("Bad page token."))
        }

        let answer = try await bob.replyInThread("why 7?", root: root.id, quoting: thread.replies[0].id, in: lobby)
        XCTAssertEqual(answer.replyTo?.parentID, thread.replies[0].id)
        let elsewhere = try await alice.send("another topic", to: lobby)
        do {
            _ = try await bob.replyInThread("no", root: root.id, quoting: elsewhere.id, in: lobby)
            XCTFail("a message outside the thread was answered in it")
        } catch let error as ChatError {
            XCTAssertEqual(error, .noSuchMessage)
        }
    }
}
