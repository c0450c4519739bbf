import ChatCore
import Foundation
import LocalStore
import TestSupport
import XCTest

/// Threads on the embedded community (issue 17): replies in a thread stay out of the chat, the
/// root counts them, the thread reads root then replies, live in another instance, with the
/// posting rule, blocks and deletions applied.
final class CommunityThreadTests: XCTestCase {
    var community: TestCommunity!

    override func setUpWithError() throws { community = try TestCommunity() }

    func testThreadRepliesStayOutOfTheChatAndTheRootCountsThem() async throws {
        let alice = try community.open(as: "alice")
        let bob = try community.open(as: "bob")
        try await alice.signUpMember("alice")
        try await bob.signUpMember("bob")
        let help = try await alice.channel(named: "help").id
        let (events, task) = await recordEvents(of: alice)
        defer { task.cancel() }

        let root = try await alice.send("shall we meet?", to: help)
        let first = try await bob.replyInThread("yes, at six", root: root.id, in: help)
        XCTAssertEqual(first.thread, .reply(root: root.id))
        // Naming a reply inside the thread means its thread: threads are one level deep.
        let second = try await alice.replyInThread("six it is", root: first.id, in: help)
        XCTAssertEqual(second.thread, .reply(root: root.id))
        let after = try await bob.send("meanwhile in the chat", to: help)

        let page = try await bob.latestMessages(in: help, limit: 50).messages
        XCTAssertFalse(page.contains { $0.id == first.id || $0.id == second.id }, "thread replies do not flood the chat")
        // Bob's own reply marked the thread read up to it: alice's later one is new to him.
        XCTAssertEqual(page.first { $0.id == root.id }?.thread, .root(replyCount: 2, unread: 1))
        XCTAssertEqual(page.last?.id, after.id)

        for named in [root.id, second.id] {
            let thread = try await bob.thread(named, in: help, limit: 50)
            XCTAssertEqual(thread.root.id, root.id)
            XCTAssertEqual(thread.root.thread, .root(replyCount: 2, unread: 1))
            XCTAssertEqual(thread.replies.map(\.content), [.text("yes, at six"), .text("six it is")])
        }
        let newest = try await bob.thread(root.id, in: help, limit: 1)
        XCTAssertEqual(newest.replies.map(\.id), [second.id], "the limit keeps the newest replies")

        let live = await eventually { events.values.contains { event in
            if case .messageUpdated(let message) = event { return message.id == root.id && message.thread == .root(replyCount: 2) }
            return false
        } }
        XCTAssertTrue(live, "another instance's thread reply updates the root's count live: \(events.values)")
        let added = events.values.contains { event in
            if case .messagesAdded(_, let messages) = event { return messages.contains { $0.id == first.id && $0.isThreadReply } }
            return false
        }
        XCTAssertTrue(added, "the reply itself arrives live, marked as a thread reply, for an open thread")
    }

    func testRulesBlocksAndDeletions() async throws {
        let alice = try community.open(as: "alice")
        let carol = try community.open(as: "carol")
        try await alice.signUpMember("alice")
        let carolAccount = try await carol.signUpMember("carol")
        let help = try await alice.channel(named: "help").id
        let root = try await alice.send("root", to: help)
        _ = try await alice.replyInThread("mine", root: root.id, in: help)
        _ = try await carol.replyInThread("spam", root: root.id, in: help)
        try await alice.block(carolAccount.id)
        let thread = try await alice.thread(root.id, in: help, limit: 50)
        XCTAssertEqual(thread.replies.map(\.content), [.text("mine")], "a blocked person's replies are left out")
        XCTAssertEqual(thread.root.thread, .root(replyCount: 1), "and not counted")

        let guest = try community.open(as: "guest")
        try await guest.continueAsGuest()
        await assertThrows(.denied(.guest)) { _ = try await guest.replyInThread("hi", root: root.id, in: help) }
        await assertThrows(.noSuchMessage) { _ = try await alice.replyInThread("hi", root: MessageID("999999"), in: help) }
        let other = try await alice.channel(named: "lobby").id
        await assertThrows(.noSuchMessage) { _ = try await alice.thread(root.id, in: other, limit: 5) }

        let lonely = try await alice.send("deleted before anyone answered", to: help)
        try await alice.delete(lonely.id, in: help)
        await assertThrows(.invalidInput("A deleted message starts no thread.")) {
            _ = try await alice.replyInThread("too late", root: lonely.id, in: help)
        }
        try await alice.delete(root.id, in: help)
        let kept = try await alice.thread(root.id, in: help, limit: 50)
        XCTAssertEqual(kept.root.content, .deleted(byModerator: false))
        XCTAssertEqual(kept.root.thread, .root(replyCount: 1), "a deleted root still leads to its thread")
        _ = try await alice.replyInThread("the thread goes on", root: root.id, in: help)
    }
}
