import ChatCore
import Foundation
import LocalStore
import TestSupport
import XCTest

/// Issue 17, as on Matrix: a reply in a thread is news in its channel, though it is no line of
/// the chat (its root counts it); reading the channel clears it.
final class ThreadUnreadTests: XCTestCase {
    func testAThreadReplyCountsTowardItsChannelsUnread() async throws {
        let community = try TestCommunity()
        let alice = try community.open(as: "alice")
        let bob = try community.open(as: "bob")
        try await alice.signUpMember("alice")
        try await bob.signUpMember("bob")
        let lobby = try await alice.channel(named: "lobby").id
        let root = try await alice.send("a thread starts here", to: lobby)
        try await bob.markRead(lobby)
        let unreadBefore = try await bob.unreadCount(in: lobby)
        XCTAssertEqual(unreadBefore, 0)
        _ = try await alice.replyInThread("inside the thread", root: root.id, in: lobby)
        let unread = try await bob.unreadCount(in: lobby)
        XCTAssertEqual(unread, 1, "the thread reply is unread in its channel")
        try await bob.markRead(lobby)
        let cleared = try await bob.unreadCount(in: lobby)
        XCTAssertEqual(cleared, 0)
    }
}
