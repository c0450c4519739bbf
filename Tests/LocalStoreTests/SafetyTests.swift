import ChatCore
import Foundation
import LocalStore
import Storage
import TestSupport
import XCTest

/// Direct conversations, blocks and reports.
final class SafetyTests: XCTestCase {
    var community: TestCommunity!
    var alice: LocalCommunity!
    var bob: LocalCommunity!
    var aliceAccount: Account!
    var bobAccount: Account!

    override func setUp() async throws {
        community = try TestCommunity()
        alice = try community.open(as: "alice")
        bob = try community.open(as: "bob")
        aliceAccount = try await alice.signUpMember("alice")
        bobAccount = try await bob.signUpMember("bob")
    }

    func testFirstDirectMessageCreatesTheConversationForBoth() async throws {
        let none = try await alice.directChannel(with: bobAccount.id)
        XCTAssertNil(none)
        let found = try await alice.searchMembers("BO")
        XCTAssertEqual(found.map(\.id), [bobAccount.id])
        let sent = try await alice.sendDirect("안녕 bob", to: bobAccount.id)
        let channel = try await alice.directChannel(with: bobAccount.id)
        XCTAssertEqual(channel, sent.channelID)

        let bobs = try await bob.conversations()
        XCTAssertEqual(bobs.map(\.other.id), [aliceAccount.id])
        XCTAssertEqual(bobs.first?.latest?.content, .text("안녕 bob"))
        XCTAssertEqual(bobs.first?.unread, true)
        try await bob.markRead(sent.channelID)
        let afterRead = try await bob.conversations()
        XCTAssertEqual(afterRead.first?.unread, false)
        let reply = try await bob.sendDirect("hi alice", to: aliceAccount.id)
        XCTAssertEqual(reply.channelID, sent.channelID)

        // A third member can neither read nor find it; it is not in the public channel list.
        let carol = try community.open(as: "carol")
        try await carol.signUpMember("carol")
        await assertThrows(.noSuchChannel(sent.channelID.raw)) { _ = try await carol.latestMessages(in: sent.channelID, limit: 5) }
        let carols = try await carol.conversations()
        XCTAssertTrue(carols.isEmpty)
        let channels = try await alice.channels()
        XCTAssertFalse(channels.contains { $0.id == sent.channelID })
    }

    func testBlockHidesMessagesCountsConversationsAndSearch() async throws {
        let help = try await alice.channel(named: "help").id
        let kept = try await alice.send("from alice", to: help)
        _ = try await bob.send("from bob", to: help)
        _ = try await bob.sendDirect("psst", to: aliceAccount.id)
        let before = try await alice.unreadCount(in: help)
        XCTAssertEqual(before, 1, "bob's message is unread before the block")

        try await alice.block(bobAccount.id)
        let page = try await alice.latestMessages(in: help, limit: 10)
        XCTAssertEqual(page.messages.map(\.id), [kept.id])
        let unread = try await alice.unreadCount(in: help)
        XCTAssertEqual(unread, 0, "bob's message is not counted")
        let conversations = try await alice.conversations()
        XCTAssertTrue(conversations.isEmpty)
        let search = try await alice.searchMembers("bob")
        XCTAssertTrue(search.isEmpty)
        let recent = try await alice.recentMessages(by: bobAccount.id, limit: 10)
        XCTAssertTrue(recent.isEmpty)
        let blocked = try await alice.blockedUsers()
        XCTAssertEqual(blocked.map(\.id), [bobAccount.id])
        // Neither can message the other; the conversation gets nothing new.
        await assertThrows(.denied(.blocked)) { _ = try await bob.sendDirect("hello?", to: aliceAccount.id) }
        await assertThrows(.denied(.blocked)) { _ = try await alice.sendDirect("no", to: bobAccount.id) }
        // Bob still sees his own and alice's public messages.
        let bobsPage = try await bob.latestMessages(in: help, limit: 10)
        XCTAssertEqual(bobsPage.messages.count, 2)

        try await alice.unblock(bobAccount.id)
        let again = try await alice.latestMessages(in: help, limit: 10)
        XCTAssertEqual(again.messages.count, 2)
    }

    func testBlockedSendersAreFilteredFromLiveEvents() async throws {
        let help = try await alice.channel(named: "help").id
        try await alice.block(bobAccount.id)
        let carol = try community.open(as: "carol")
        try await carol.signUpMember("carol")
        let received = Collected<Message>()
        let stream = alice.events()
        let listener = Task {
            for await event in stream {
                if case .messagesAdded(_, let messages) = event { messages.forEach(received.append) }
            }
        }
        let listening = await eventually { await self.alice.liveListenerCount() == 1 }
        XCTAssertTrue(listening)
        _ = try await bob.send("hidden", to: help)
        _ = try await carol.send("visible", to: help)
        let arrived = await eventually { received.values.contains { $0.content == .text("visible") } }
        XCTAssertTrue(arrived)
        XCTAssertFalse(received.values.contains { $0.content == .text("hidden") })
        listener.cancel()
    }

    func testReportsAreStoredAndChecked() async throws {
        let help = try await alice.channel(named: "help").id
        let message = try await bob.send("something rude", to: help)
        try await alice.report(message.id, in: help, reason: "rude")
        await assertThrows(.noSuchMessage) { try await alice.report(MessageID("424242"), in: help, reason: "x") }
        await assertThrows(.invalidInput("Say why you are reporting this message.")) { try await alice.report(message.id, in: help, reason: " ") }
        let guest = try community.open(as: "guest")
        try await guest.continueAsGuest()
        await assertThrows(.denied(.guest)) { try await guest.report(message.id, in: help, reason: "spam") }
        let reports = try Database(path: community.storeURL.path).readSync {
            try $0.query("SELECT reporter_id, message_id, reason FROM reports")
        }
        XCTAssertEqual(reports.map { [$0[0], $0[1], $0[2]] }, [[.integer(Int64(aliceAccount.id.raw)!), .integer(Int64(message.id.raw)!), .text("rude")]])
    }
}
