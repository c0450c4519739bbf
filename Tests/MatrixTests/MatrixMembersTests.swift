import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix
@testable import ViewModels

/// The member list on Matrix (issue 19), with matrix-nio as another member on Synapse. Sync loads
/// members lazily: in a room whose joins are older than the timeline sent, the cache knows only
/// the people who wrote in it, and says so (`complete` false); `/members` (`fetchAll`) loads the
/// server's joined list, current display names included, after which a newcomer's join keeps
/// it current.
@MainActor
final class MatrixMembersTests: XCTestCase {
    func testLazilyLoadedMembersAreFetchedOnDemandWithCurrentNames() async throws {
        let fixture = try MatrixFixture()
        let owner = try await SynapseUser.register(on: fixture.server)
        try await owner.setDisplayName("Owner")
        let room = try await owner.createRoom(name: "members \(SynapseServer.randomName())")
        var quiet: [SynapseUser] = []
        for index in 1...4 {
            let member = try await SynapseUser.register(on: fixture.server)
            try await member.join(room)
            try await member.setDisplayName("quiet \(index)")
            quiet.append(member)
        }
        try await quiet[0].setDisplayName("renamed 1")
        let nioUser = try await SynapseUser.register(on: fixture.server)
        try await nioUser.join(room)
        // More messages than the sync's timeline (50) and a page of history back (50 more, when
        // the chat fills its first page by paging back) hold together, so the joins above are
        // out of all the chat reads first. With 60, a chat that paged back once read the joins
        // as timeline events and knew every member (failed once in a full run).
        try await owner.seed(150, prefix: "filler", to: room)
        let nio = NioPeer(user: nioUser, store: fixture.directory.file("nio"))
        _ = try nio.send([.text("from nio")], to: room)

        let chat = try await fixture.openedChat(room, as: "mina")
        let mina = try XCTUnwrap(chat.viewer.account)
        await chat.members.show(chat.channelID, rows: 50)
        let lazy = try XCTUnwrap(chat.members.list?.value, "\(String(describing: chat.members.list))")
        XCTAssertFalse(lazy.complete, "sync loaded members lazily")
        XCTAssertFalse(lazy.members.contains { $0.nickname.hasPrefix("quiet") || $0.nickname.hasPrefix("renamed") },
                       "members who never wrote in the timeline are not known yet: \(lazy.members)")

        let failure = await chat.members.fetchAll(chat.channelID)
        XCTAssertNil(failure)
        let all = try XCTUnwrap(chat.members.list?.value)
        XCTAssertTrue(all.complete)
        XCTAssertEqual(all.total, 7, "owner, four quiet members, nio and mina: \(all.members)")
        XCTAssertEqual(Set(all.members.map(\.user.raw)), Set([owner.userID, nioUser.userID, mina.id.raw] + quiet.map(\.userID)))
        XCTAssertTrue(all.members.contains { $0.nickname == "renamed 1" }, "the current display name")
        XCTAssertFalse(all.members.contains { $0.nickname == "quiet 1" })
        let names = all.members.map { $0.nickname.lowercased() }
        XCTAssertEqual(names, names.sorted(), "name order")
        XCTAssertTrue(all.members.allSatisfy { $0.presence == .unknown }, "presence is not synced")

        // Only as many as asked for are held; the total still counts everyone.
        let two = await chat.members.firstMembers(chat.channelID, limit: 2).value
        XCTAssertEqual(two?.members.count, 2)
        XCTAssertEqual(two?.total, 7)

        let late = try await SynapseUser.register(on: fixture.server)
        try await late.setDisplayName("latecomer")
        try await late.join(room)
        let joined = await eventually(seconds: 20) {
            await chat.members.refresh()
            return chat.members.list?.value?.members.contains { $0.nickname == "latecomer" } == true
        }
        XCTAssertTrue(joined, "a join after the fetch arrives by sync")
        await fixture.close()
    }

    /// Tab's names on Matrix: a member who joined and never wrote — left out by lazy loading —
    /// is fetched when the index is first built, a hostile display name made inert; a later join
    /// reaches the index through sync.
    func testCompletionNamesHoldMembersWhoNeverWrote() async throws {
        let fixture = try MatrixFixture()
        let owner = try await SynapseUser.register(on: fixture.server)
        try await owner.setDisplayName("Owner")
        let room = try await owner.createRoom(name: "completion \(SynapseServer.randomName())")
        for name in ["Sora", "Eve\u{1B}]0;pwned\u{07}"] {
            let member = try await SynapseUser.register(on: fixture.server)
            try await member.join(room)
            try await member.setDisplayName(name)
        }
        // Out of the sync's timeline and the first page back (see the test above).
        try await owner.seed(150, prefix: "filler", to: room)

        let chat = try await fixture.openedChat(room, as: "mina")
        await chat.members.show(chat.channelID, rows: 50)
        XCTAssertEqual(chat.members.list?.value?.complete, false, "sync loaded members lazily")
        let index = await chat.completionNames.names(in: chat.channelID, partners: [])
        XCTAssertEqual(index.names(startingWith: "so"), ["Sora"], "a member who joined and never wrote")
        XCTAssertEqual(index.names(startingWith: "eve"), ["Eve^[]0;pwned^G"], "made inert")
        XCTAssertEqual(index.names(startingWith: "ow"), ["Owner"])

        let late = try await SynapseUser.register(on: fixture.server)
        try await late.setDisplayName("Sejin")
        try await late.join(room)
        let joined = await eventually(seconds: 20) {
            await chat.completionNames.names(in: chat.channelID, partners: []).contains("Sejin")
        }
        XCTAssertTrue(joined, "a join rebuilds the index")
        await fixture.close()
    }
}
