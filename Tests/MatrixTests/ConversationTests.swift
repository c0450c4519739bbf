import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// Direct conversations, reports and blocks between two real accounts.
final class ConversationTests: XCTestCase {
    func testDirectConversationBetweenTwoAccounts() async throws {
        let fixture = try MatrixFixture()
        let (alice, aliceUser) = try await fixture.member("alice")
        let (bob, bobUser) = try await fixture.member("bob")
        let none = try await alice.directChannel(with: UserID(bobUser.userID))
        XCTAssertNil(none)

        let first = try await alice.sendDirect("안녕 bob", to: UserID(bobUser.userID))
        let room = first.channelID
        let created = try await alice.directChannel(with: UserID(bobUser.userID))
        XCTAssertEqual(created, room)
        // Alice and bob share no room: her conversation is a request bob answers (issue 17).
        let requested = await eventually(seconds: 15) { (try? await bob.invites())?.map(\.channelID) == [room] }
        XCTAssertTrue(requested, "bob sees alice's request")
        let bobJoinedEarly = try await bobUser.joinedRooms()
        XCTAssertFalse(bobJoinedEarly.contains(room.raw), "nothing is joined before bob answers")
        _ = try await bob.acceptInvite(room)
        let bobGotIt = await eventually(seconds: 15) {
            (try? await bob.latestMessages(in: room, limit: 5))?.messages.contains { $0.content == .text("안녕 bob") } == true
        }
        XCTAssertTrue(bobGotIt, "bob accepted the invite and got the message")
        let bobSide = try await bob.directChannel(with: UserID(aliceUser.userID))
        XCTAssertEqual(bobSide, room, "bob recorded the room in his own m.direct")
        let summaries = try await bob.conversations()
        XCTAssertEqual(summaries.map(\.other.id), [UserID(aliceUser.userID)])
        XCTAssertEqual(summaries.first?.latest?.content, .text("안녕 bob"))
        // The first message came before bob joined: the server counts nothing for it (the room is
        // encrypted, so its count is the badge); one after the join is unread.
        _ = try await alice.sendDirect("are you there?", to: UserID(bobUser.userID))
        let unread = await eventually(seconds: 15) { (try? await bob.conversations())?.first?.unread == true }
        XCTAssertTrue(unread, "a message after bob joined is unread")

        let aliceEvents = EventRecorder(alice)
        let reply = try await bob.sendDirect("hi alice", to: UserID(aliceUser.userID))
        XCTAssertEqual(reply.channelID, room, "the reply goes to the same conversation")
        let aliceGotReply = await aliceEvents.message("hi alice", in: room)
        XCTAssertNotNil(aliceGotReply)
        let aliceChannels = try await alice.channels()
        XCTAssertFalse(aliceChannels.contains { $0.id == room }, "a conversation is not a channel")
        let channel = try await alice.channel(named: room.raw)
        XCTAssertEqual(channel.kind, .direct(with: UserID(bobUser.userID)))
        let found = try await alice.searchMembers(MatrixUser.localpart(bobUser.userID))
        XCTAssertEqual(found.map(\.id), [UserID(bobUser.userID)], "the user directory finds someone we share a room with")
        await fixture.close()
    }

    func testReportAndBlock() async throws {
        let fixture = try MatrixFixture()
        let (alice, _) = try await fixture.member("alice")
        let bob = try await SynapseUser.register(on: fixture.server)
        let carol = try await SynapseUser.register(on: fixture.server)
        let room = try await bob.createRoom(name: "safety \(SynapseServer.randomName())")
        try await carol.join(room)
        let bad = try await bob.send("bad words", to: room)
        try await carol.send("carol here", to: room)
        let channel = ChannelID(room)
        let before = try await alice.latestMessages(in: channel, limit: 20).texts
        XCTAssertEqual(before, ["bad words", "carol here"])

        try await alice.report(MessageID(bad), in: channel, reason: "abuse")
        do {
            try await alice.report(MessageID("$nonexistent"), in: channel, reason: "abuse")
            XCTFail("reporting an unknown event succeeded")
        } catch ChatError.server(let code, _) {
            XCTAssertEqual(code, "M_NOT_FOUND")
        }

        let events = EventRecorder(alice)
        try await alice.block(UserID(bob.userID))
        let blockAnnounced = await events.first { $0 == .blocksChanged }
        XCTAssertNotNil(blockAnnounced)
        let blocked = try await alice.blockedUsers().map(\.id.raw)
        XCTAssertEqual(blocked, [bob.userID])
        await assertThrows(.denied(.blocked)) { _ = try await alice.sendDirect("hi", to: UserID(bob.userID)) }
        let after = try await alice.latestMessages(in: channel, limit: 20).texts
        XCTAssertEqual(after, ["carol here"], "the blocked user's messages vanish")
        try await bob.send("still here?", to: room)
        try await carol.send("after block", to: room)
        let carolSeen = await events.message("after block", in: channel)
        XCTAssertNotNil(carolSeen)
        let blockedSeen = await events.message("still here?", in: channel, within: 0.5)
        XCTAssertNil(blockedSeen, "nothing live from a blocked user")
        let live = try await alice.latestMessages(in: channel, limit: 20).texts
        XCTAssertEqual(live, ["carol here", "after block"])

        try await alice.unblock(UserID(bob.userID))
        let restored = try await alice.latestMessages(in: channel, limit: 20).texts
        XCTAssertEqual(restored, ["bad words", "carol here", "still here?", "after block"],
                       "unblocked: the user's messages return, those sent during the block too")
        await fixture.close()
    }
}
