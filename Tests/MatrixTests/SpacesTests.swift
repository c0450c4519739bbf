import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix
@testable import ViewModels

/// Spaces (issue 17): matrix-nio builds a space on Synapse, and tteok lists it as a heading over
/// the rooms it lists, follows nio adding and removing a room live, and never opens it as a chat
/// nor posts into it. A hostile server's graph of spaces is listed with each room once.
@MainActor
final class SpacesTests: XCTestCase {
    func testANioSpaceGroupsItsRoomsFollowsChangesAndIsNoChat() async throws {
        let fixture = try MatrixFixture()
        let (mina, minaUser) = try await fixture.member("mina")
        let owner = try await SynapseUser.register(on: fixture.server)
        let inside = try await owner.createRoom(name: "inside \(SynapseServer.randomName())")
        let outside = try await owner.createRoom(name: "outside \(SynapseServer.randomName())")
        let nio = NioPeer(user: owner, store: fixture.directory.file("nio"))
        let spaceName = "club \(SynapseServer.randomName())"
        let space = try nio.createSpace(name: spaceName, invite: [minaUser.userID], children: [inside])
        for room in [space, inside, outside] { try await minaUser.join(room) }

        var listed: [Channel] = []
        let grouped = await eventually(seconds: 30) {
            listed = (try? await mina.channelPage(region: nil, after: nil, limit: 100).channels) ?? []
            return listed.contains { $0.id.raw == outside } && listed.first { $0.id.raw == inside }?.parent?.raw == space
        }
        XCTAssertTrue(grouped, "the space's room is grouped under it: \(listed.map { ($0.name, $0.parent?.raw ?? "-") })")
        let spaceChannel = try XCTUnwrap(listed.first { $0.id.raw == space })
        XCTAssertEqual(spaceChannel.kind, .space)
        XCTAssertEqual(spaceChannel.name, spaceName)
        let at = try XCTUnwrap(listed.firstIndex(of: spaceChannel))
        XCTAssertEqual(listed[at + 1].id.raw, inside, "the space's room right under it")
        XCTAssertNil(listed.first { $0.id.raw == outside }?.parent)

        try nio.setSpaceChild(outside, in: space, listed: true)
        try nio.setSpaceChild(inside, in: space, listed: false)
        let moved = await eventually(seconds: 30) {
            listed = (try? await mina.channels()) ?? []
            return listed.first { $0.id.raw == outside }?.parent?.raw == space && listed.first { $0.id.raw == inside }?.parent == nil
        }
        XCTAssertTrue(moved, "nio's changes followed live: \(listed.map { ($0.name, $0.parent?.raw ?? "-") })")

        let permission = await mina.permission(in: ChannelID(space))
        XCTAssertEqual(permission, .denied(.space))
        do {
            _ = try await mina.send("into the space", to: ChannelID(space))
            XCTFail("a message was posted into a space")
        } catch ChatError.denied(.space) {
        }
        let events = try nio.events(in: space)
        XCTAssertFalse(events.contains { $0["type"] as? String == "m.room.message" }, "nothing reached the space")
        await fixture.close()
    }

    func testTheGateRefusesToOpenASpaceSayingWhy() async throws {
        let fixture = try MatrixFixture()
        let owner = try await SynapseUser.register(on: fixture.server)
        let nio = NioPeer(user: owner, store: fixture.directory.file("nio"))
        let (mina, minaUser) = try await fixture.member("mina")
        let name = "gated \(SynapseServer.randomName())"
        let space = try nio.createSpace(name: name, invite: [minaUser.userID], children: [])
        try await minaUser.join(space)
        let session = SessionModel(service: mina, strings: Strings(.english),
                                   regionResolver: RegionResolver(sources: [{ _ in nil }], timeout: .seconds(1)))
        await session.start()
        let community = try XCTUnwrap(session.community)
        guard case .refused(let reason) = await community.join(name) else { return XCTFail("the space opened as a chat") }
        XCTAssertEqual(reason, "\(name) is a space: it groups rooms and is not a chat. Open one of the rooms under it.")
        await fixture.close()
    }

    /// Accepting an invitation to a space joins it and says where its rooms are, opening no chat.
    func testAcceptingASpaceInvitationJoinsItWithoutOpeningAChat() async throws {
        let fixture = try MatrixFixture()
        let owner = try await SynapseUser.register(on: fixture.server)
        let (mina, minaUser) = try await fixture.member("mina")
        let session = SessionModel(service: mina, strings: Strings(.english),
                                   regionResolver: RegionResolver(sources: [{ _ in nil }], timeout: .seconds(1)))
        await session.start()
        let invitations = try XCTUnwrap(session.community?.invitations)
        let name = "invited \(SynapseServer.randomName())"
        let space = try NioPeer(user: owner, store: fixture.directory.file("nio")).createSpace(name: name, invite: [minaUser.userID], children: [])
        let listed = await eventually(seconds: 30) { invitations.invites.contains { $0.channelID.raw == space } }
        let invite = try XCTUnwrap(invitations.invites.first { $0.channelID.raw == space }, "listed: \(listed)")
        guard case .refused(let said) = await invitations.accept(invite) else { return XCTFail("a chat opened on the space") }
        XCTAssertEqual(said, "You joined the space \(name). Its rooms are listed under it in Channels.")
        let joined = try await owner.membership(of: minaUser.userID, in: space)
        XCTAssertEqual(joined, "join")
        await fixture.close()
    }

    /// A hostile server's spaces: one listing ten thousand rooms (itself, a megabyte id and a
    /// removal among them), two listing each other, a chain of a thousand ending in a loop. The
    /// cache keeps only well-formed links; the list holds every joined room exactly once.
    nonisolated func testAHostileGraphOfSpacesListsEachRoomOnce() async throws {
        let fixture = try MatrixFixture()
        let (mina, _) = try await fixture.member("mina")
        let active = try XCTUnwrap(mina.active)
        let create = { (space: Bool) in
            #"{"type":"m.room.create","sender":"@evil:evil","state_key":"","content":{\#(space ? #""type":"m.space""# : "")}}"#
        }
        let child = { (room: String, via: String) in
            #"{"type":"m.space.child","sender":"@evil:evil","state_key":"\#(room)","content":{"via":\#(via)}}"#
        }
        let joined = { (id: String, state: [String]) in #""\#(id)":{"state":{"events":[\#(state.joined(separator: ","))]}}"# }
        let bigChildren = (0..<10_000).map { child("!r\($0):evil", #"["evil"]"#) }
            + [child("!big:evil", #"["evil"]"#), child("!" + String(repeating: "x", count: 1_000_000), #"["evil"]"#),
               child("!gone:evil", "[]"), child("!r1:evil", #"[]"#)]
        var rooms = [joined("!big:evil", [create(true)] + bigChildren)]
        rooms += (0..<3).map { joined("!r\($0):evil", [create(false)]) }
        rooms += [joined("!a:evil", [create(true), child("!b:evil", #"["evil"]"#)]), joined("!b:evil", [create(true), child("!a:evil", #"["evil"]"#)])]
        let chain = 1_000
        rooms += (0..<chain).map { index in
            joined("!c\(index):evil", [create(true), child("!c\((index + 1) % chain):evil", #"["evil"]"#)])
        }
        let json = #"{"next_batch":"hostile","rooms":{"join":{\#(rooms.joined(separator: ","))}}}"#
        let sync = try JSONDecoder().decode(SyncResponse.self, from: Data(json.utf8))
        _ = try await active.cache.apply(sync, movingPosition: false)

        let links = try await active.cache.database.read { try $0.scalar("SELECT count(*) FROM space_children WHERE space = '!big:evil'").int }
        XCTAssertEqual(links, 10_000, "the ten thousand and itself, less the removed one; no megabyte id")
        // The shared server's public rooms may be listed beside them: only the hostile ones count.
        let listed = try await mina.channelPage(region: nil, after: nil, limit: 50_000).channels.filter { $0.id.raw.hasSuffix(":evil") }
        let ids = listed.map(\.id.raw)
        XCTAssertEqual(ids.count, Set(ids).count, "each room once")
        XCTAssertEqual(Set(ids), Set(["!big:evil", "!r0:evil", "!r1:evil", "!r2:evil", "!a:evil", "!b:evil"] + (0..<chain).map { "!c\($0):evil" }))
        let parent = Dictionary(uniqueKeysWithValues: listed.map { ($0.id.raw, $0.parent?.raw) })
        XCTAssertEqual(parent["!r0:evil"], "!big:evil")
        XCTAssertEqual(parent["!r2:evil"], "!big:evil")
        XCTAssertEqual(parent["!r1:evil"], .some(nil), "removed by its last m.space.child")
        XCTAssertEqual(parent["!big:evil"], .some(nil), "a space listing itself is not its own parent")
        XCTAssertEqual(Set([parent["!a:evil"] ?? nil, parent["!b:evil"] ?? nil]), Set<String?>([nil, "!a:evil"]), "the loop is cut at its first by name")
        XCTAssertEqual(listed.filter { $0.parent == nil && $0.id.raw.hasPrefix("!c") }.count, 1, "the chain's loop has one root")
        await fixture.close()
    }
}
