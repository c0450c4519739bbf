import ChatCore
import CommunityClient
import Foundation
import TestSupport
import XCTest

/// A thread's replies and unread through a real `tteok serve`, two clients (issue 17, as on
/// Matrix): a reply in a thread counts toward its channel's badge, and the root counts the
/// replies each member has not yet seen in the thread's view — live, apart from the channel's
/// marker, cleared by reading the thread or posting in it. A marker for a thread elsewhere is refused.
final class ThreadUnreadThroughServiceTests: XCTestCase {
    func testTheChannelBadgeAndTheThreadsOwnUnreadCount() async throws {
        let served = try ServedCommunity(moderators: [])
        defer { served.stop() }
        let alice = try await served.member("alice"), bob = try await served.member("bob")
        let lobby = try await alice.channel(named: "마포구").id
        let atBob = try await LiveEvents.listen(to: bob)
        defer { atBob.stop() }
        let root = try await alice.send("who has a ladder?", to: lobby)
        try await bob.markRead(lobby)

        _ = try await alice.replyInThread("not me", root: root.id, in: lobby)
        _ = try await alice.replyInThread("ask Joon", root: root.id, in: lobby)
        let badge = try await bob.unreadCount(in: lobby)
        XCTAssertEqual(badge, 2, "thread replies count toward the root channel's badge")
        let told = await eventually(seconds: 20) { atBob.root(root.id) == .root(replyCount: 2, unread: 2) }
        XCTAssertTrue(told, "bob's root shows two new replies live: \(String(describing: atBob.root(root.id)))")
        var asAlice = try await thread(root.id, of: alice, in: lobby)
        XCTAssertEqual(asAlice, .root(replyCount: 2, unread: 0), "her own replies are nothing new to alice")

        try await bob.markRead(lobby)
        let cleared = try await bob.unreadCount(in: lobby)
        XCTAssertEqual(cleared, 0)
        var asBob = try await thread(root.id, of: bob, in: lobby)
        XCTAssertEqual(asBob, .root(replyCount: 2, unread: 2), "reading the chat leaves the thread's own count")

        try await bob.markThreadRead(root.id, in: lobby)
        let read = await eventually(seconds: 20) { atBob.root(root.id) == .root(replyCount: 2, unread: 0) }
        XCTAssertTrue(read, "reading the thread clears its count, live")
        asAlice = try await thread(root.id, of: alice, in: lobby)
        XCTAssertEqual(asAlice, .root(replyCount: 2, unread: 0))

        _ = try await alice.replyInThread("or the shop", root: root.id, in: lobby)
        let again = await eventually(seconds: 20) { atBob.root(root.id) == .root(replyCount: 3, unread: 1) }
        XCTAssertTrue(again, "a later reply is new again: \(String(describing: atBob.root(root.id)))")
        _ = try await bob.replyInThread("thanks", root: root.id, in: lobby)
        asBob = try await thread(root.id, of: bob, in: lobby)
        XCTAssertEqual(asBob, .root(replyCount: 4, unread: 0), "posting in the thread reads it")

        let help = try await bob.channel(named: "help").id
        do {
            try await bob.markThreadRead(root.id, in: help)
            XCTFail("a thread named in another channel was marked")
        } catch let error as ChatError {
            XCTAssertEqual(error, .noSuchMessage)
        }
    }

    private func thread(_ root: MessageID, of client: ServiceCommunity, in channel: ChannelID) async throws -> ThreadPosition? {
        try await client.latestMessages(in: channel, limit: 20).messages.first { $0.id == root }?.thread
    }
}

extension LiveEvents {
    /// Where the newest update of message `id` that this client was pushed puts it in a thread.
    func root(_ id: MessageID) -> ThreadPosition? {
        all.reversed().lazy.compactMap { event -> ThreadPosition? in
            if case .messageUpdated(let message) = event, message.id == id { return message.thread }
            return nil
        }.first
    }
}
