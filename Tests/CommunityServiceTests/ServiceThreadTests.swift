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
            if case .messageUpdated(let message) = event { return message.id == root.id && message.thread == .root(replyCount: 1) }
            return false
        } }
        XCTAssertTrue(counted, "bob's root shows the reply count live: \(seen.values)")
        let thread = try await bob.thread(root.id, in: lobby, limit: 20)
        XCTAssertEqual(thread.replies.map(\.content), [.text("I do")])
        let chat = try await bob.latestMessages(in: lobby, limit: 20).messages
        XCTAssertFalse(chat.contains { $0.id == reply.id }, "the thread reply is no line of the chat")
        XCTAssertEqual(chat.first { $0.id == root.id }?.thread, .root(replyCount: 1))
    }
}
