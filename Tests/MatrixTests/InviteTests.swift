import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// Invitations (issue 17): listed with who invited, accepted or declined; a direct conversation
/// from a stranger is a request that waits for an answer, never joined behind the viewer's back.
final class InviteTests: XCTestCase {
    private func invites(_ service: MatrixService, count: Int, seconds: Double = 15) async -> [Invite] {
        var listed: [Invite] = []
        _ = await eventually(seconds: seconds) {
            listed = (try? await service.invites()) ?? []
            return listed.count >= count
        }
        return listed
    }

    func testAnInviteIsListedWithWhoInvitedThenAcceptedOrDeclined() async throws {
        let fixture = try MatrixFixture()
        let (tteok, user) = try await fixture.member("tteok")
        let owner = try await SynapseUser.register(on: fixture.server)
        try await owner.setDisplayName("Owner \u{1B}]0;pwned\u{07}")
        let kept = try await owner.createRoom(name: "kept \(SynapseServer.randomName())", public: false)
        let refused = try await owner.createRoom(name: "refused \(SynapseServer.randomName())", public: false)
        try await owner.invite(user.userID, to: kept)
        try await owner.invite(user.userID, to: refused)

        let listed = await invites(tteok, count: 2)
        XCTAssertEqual(Set(listed.map(\.channelID.raw)), [kept, refused])
        XCTAssertEqual(Set(listed.map(\.inviter.id.raw)), [owner.userID])
        XCTAssertEqual(listed.first?.inviter.nickname, "Owner \u{1B}]0;pwned\u{07}", "the inviter's own words, drawn inert by the front end")
        XCTAssertEqual(listed.first { $0.channelID.raw == kept }?.isDirect, false)
        let channelsBefore = try await tteok.channels()
        XCTAssertFalse(channelsBefore.contains { $0.id.raw == kept }, "an invitation is no channel until accepted")

        let joined = try await tteok.acceptInvite(ChannelID(kept))
        XCTAssertEqual(joined.id.raw, kept)
        try await tteok.declineInvite(ChannelID(refused))
        let remaining = try await tteok.invites()
        XCTAssertEqual(remaining, [])
        let keptMembership = try await owner.membership(of: user.userID, in: kept)
        let refusedMembership = try await owner.membership(of: user.userID, in: refused)
        XCTAssertEqual(keptMembership, "join")
        XCTAssertEqual(refusedMembership, "leave")
        let channels = try await tteok.channels()
        XCTAssertTrue(channels.contains { $0.id.raw == kept })
        XCTAssertFalse(channels.contains { $0.id.raw == refused })
        await assertThrows(.noSuchChannel(refused)) { _ = try await tteok.acceptInvite(ChannelID(refused)) }
        await fixture.close()
    }

    /// Regression: a direct invitation from anyone was joined at once (its sender could then
    /// write to the viewer unasked). The second invitation is a marker: once it is listed, the
    /// sync that brought the first has been handled in full.
    func testADirectInviteFromAStrangerIsARequestAndNeverJoined() async throws {
        let fixture = try MatrixFixture()
        let (tteok, user) = try await fixture.member("tteok")
        let stranger = try await SynapseUser.register(on: fixture.server)
        let direct = try await stranger.createDirectRoom(with: user.userID)
        _ = await invites(tteok, count: 1)
        let marker = try await stranger.createRoom(name: "marker \(SynapseServer.randomName())", public: false)
        try await stranger.invite(user.userID, to: marker)
        let listed = await invites(tteok, count: 2)

        let request = try XCTUnwrap(listed.first { $0.channelID.raw == direct })
        XCTAssertTrue(request.isDirect)
        XCTAssertEqual(request.inviter.id.raw, stranger.userID)
        let joinedRooms = try await user.joinedRooms()
        XCTAssertFalse(joinedRooms.contains(direct), "a stranger's direct invitation is not joined")
        let conversation = try await tteok.directChannel(with: UserID(stranger.userID))
        XCTAssertNil(conversation)

        _ = try await tteok.acceptInvite(ChannelID(direct))
        let accepted = try await tteok.directChannel(with: UserID(stranger.userID))
        XCTAssertEqual(accepted?.raw, direct, "accepted, it is a conversation with the inviter")
        await fixture.close()
    }

    /// `/join NAME` of an invited room finds it by name, and opening it joins it.
    func testJoiningAnInvitedRoomByName() async throws {
        let fixture = try MatrixFixture()
        let (tteok, user) = try await fixture.member("tteok")
        let owner = try await SynapseUser.register(on: fixture.server)
        let name = "private \(SynapseServer.randomName())"
        let room = try await owner.createRoom(name: name, public: false)
        try await owner.send("welcome in", to: room)
        try await owner.invite(user.userID, to: room)
        _ = await invites(tteok, count: 1)

        let found = try await tteok.channel(named: name)
        XCTAssertEqual(found.id.raw, room)
        let page = try await tteok.latestMessages(in: found.id, limit: 10)
        XCTAssertEqual(page.messages.said.map(\.content), [.text("welcome in")])
        XCTAssertEqual(page.messages.last?.content.summary, "joined", "opening the invited room joined it")
        XCTAssertEqual(page.messages.last?.senderID.raw, user.userID)
        let remaining = try await tteok.invites()
        XCTAssertEqual(remaining, [])
        await fixture.close()
    }

    /// A blocked person's invitations are not listed.
    func testInvitesFromABlockedPersonAreNotListed() async throws {
        let fixture = try MatrixFixture()
        let (tteok, user) = try await fixture.member("tteok")
        let pest = try await SynapseUser.register(on: fixture.server)
        let friend = try await SynapseUser.register(on: fixture.server)
        try await pest.invite(user.userID, to: try await pest.createRoom(name: "pest \(SynapseServer.randomName())", public: false))
        _ = await invites(tteok, count: 1)
        try await tteok.block(UserID(pest.userID))
        try await friend.invite(user.userID, to: try await friend.createRoom(name: "friend \(SynapseServer.randomName())", public: false))
        var listed: [Invite] = []
        let onlyFriend = await eventually(seconds: 15) {
            listed = (try? await tteok.invites()) ?? []
            return listed.map(\.inviter.id.raw) == [friend.userID]
        }
        XCTAssertTrue(onlyFriend, "listed: \(listed.map(\.inviter.id.raw))")
        await fixture.close()
    }
}

/// Invitations as a hostile server could deliver them, on a real cache file.
final class InviteCacheTests: XCTestCase {
    func testAFloodOfInvitesIsListedBoundedAndMalformedOnesAreSkipped() async throws {
        let directory = try TemporaryDirectory()
        let cache = try MatrixCache(directory: directory.url, homeserver: URL(string: "http://h:1")!, userID: "@me:x")
        var invites: [String: InvitedRoom] = [:]
        for index in 0..<1_000 {
            let member = StrippedEvent(type: "m.room.member", sender: "@spam\(index):x", state_key: "@me:x",
                                       content: .object(["membership": .string("invite"), "is_direct": .bool(true)]))
            let name = StrippedEvent(type: "m.room.name", sender: "@spam\(index):x", state_key: "",
                                     content: .object(["name": .string("room \(index)\u{1B}[2J")]))
            invites["!spam\(index)"] = InvitedRoom(invite_state: EventList(events: [member, name]))
        }
        // Malformed: no member event for me, and a member event of the wrong shape.
        invites["!nomember"] = InvitedRoom(invite_state: EventList(events: []))
        invites["!badshape"] = InvitedRoom(invite_state: EventList(events: [
            StrippedEvent(type: "m.room.member", sender: "@x:x", state_key: "@me:x", content: .string("invite")),
        ]))
        let outcome = try await cache.apply(SyncResponse(next_batch: "s1", rooms: .init(invite: invites)))
        XCTAssertEqual(outcome.directInvites.count, 1_000)
        let listed = try await cache.invitations(limit: MatrixService.listedInvites)
        XCTAssertEqual(listed.count, MatrixService.listedInvites, "at most \(MatrixService.listedInvites) are listed")
        XCTAssertFalse(listed.contains { $0.id == "!nomember" || $0.id == "!badshape" })
        XCTAssertEqual(listed.first?.name, "room 0\u{1B}[2J", "kept as the server sent it; the front end draws it inert")
    }
}
