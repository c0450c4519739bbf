import ChatCore
import CommunityClient
import CommunityProtocol
import Foundation
import Glibc
import TestSupport
import XCTest

/// The member list through a real `tteok serve` (issue 19): a channel's members are the people
/// who posted in it, in name order with current nicknames; the service marks who holds a live
/// connection; the blocked are left out; nobody lists a direct conversation they are not in; a
/// client asking for a million rows gets at most `MemberList.maximumLimit`.
final class MembersThroughServiceTests: XCTestCase {
    func testPostersAreListedByCurrentNameWithWhoIsConnected() async throws {
        let served = try ServedCommunity(moderators: [])
        defer { served.stop() }
        let alice = try await served.member("alice"), bob = try await served.member("bob"), carol = try await served.member("carol")
        let lobby = try await alice.channel(named: "마포구").id
        _ = try await bob.send("hi from bob", to: lobby)
        _ = try await alice.send("hi from alice", to: lobby)
        _ = try await bob.updateProfile(nickname: "밥", region: nil)
        let atAlice = try await LiveEvents.listen(to: alice)
        defer { atAlice.stop() }

        let seen = try await carol.members(of: lobby, limit: 50)
        XCTAssertEqual(seen.members.map(\.nickname), ["alice", "밥"], "posters only, current names, name order")
        XCTAssertEqual(seen.total, 2)
        XCTAssertTrue(seen.complete)
        XCTAssertEqual(seen.members.map(\.presence), [.online, .offline], "alice is connected, bob is not")

        let names = try await carol.memberNames(of: lobby)
        XCTAssertEqual(Set(names), ["alice", "밥"], "Tab's names: the same members")

        let one = try await carol.members(of: lobby, limit: 1)
        XCTAssertEqual(one.members.map(\.nickname), ["alice"])
        XCTAssertEqual(one.total, 2, "the total comes with the first rows")

        alice.disconnect()
        let gone = await eventually(seconds: 20) {
            (try? await carol.members(of: lobby, limit: 50))?.members.first?.presence == .offline
        }
        XCTAssertTrue(gone, "alice's connection ended: she is offline")

        let bobID = try await carol.searchMembers("밥").first { $0.nickname == "밥" }!.id
        try await carol.block(bobID)
        let afterBlock = try await carol.members(of: lobby, limit: 50)
        XCTAssertEqual(afterBlock.members.map(\.nickname), ["alice"], "a blocked member is left out, as their messages are")
        let namesAfterBlock = try await carol.memberNames(of: lobby)
        XCTAssertEqual(namesAfterBlock, ["alice"], "and from Tab's names")
    }

    func testADirectConversationListsItsTwoAndNoOneElse() async throws {
        let served = try ServedCommunity(moderators: [])
        defer { served.stop() }
        let alice = try await served.member("alice"), carol = try await served.member("carol")
        _ = try await served.member("bob")
        let bobID = try await alice.searchMembers("bob").first { $0.nickname == "bob" }!.id
        _ = try await alice.sendDirect("hi bob", to: bobID)
        let direct = try await XCTUnwrapAsync(try await alice.directChannel(with: bobID))

        let list = try await alice.members(of: direct, limit: 10)
        XCTAssertEqual(list.members.map(\.nickname), ["alice", "bob"], "bob is a member before he wrote")
        let names = try await alice.memberNames(of: direct)
        XCTAssertEqual(Set(names), ["alice", "bob"])
        do {
            _ = try await carol.members(of: direct, limit: 10)
            XCTFail("carol listed a conversation she is not in")
        } catch let error as ChatError {
            XCTAssertEqual(error, .noSuchChannel(direct.raw))
        }
        do {
            _ = try await carol.memberNames(of: direct)
            XCTFail("carol named the people of a conversation she is not in")
        } catch let error as ChatError {
            XCTAssertEqual(error, .noSuchChannel(direct.raw))
        }
    }

    /// A hostile client's limits (the largest and smallest integers) are clamped, not obeyed.
    func testExtremeLimitsAreClamped() async throws {
        let harness = try ServiceHarness(moderators: [])
        let alice = try await harness.member("alice")
        let lobby = try await alice.channel(named: "마포구").id
        _ = try await alice.send("hello", to: lobby)
        let raw = try harness.rawConnection()
        defer { close(raw.descriptor) }
        guard case .signedIn = try raw.ask(.logIn(identifier: "alice@example.com", password: "alice-password")) else {
            return XCTFail("alice could not sign in")
        }
        for limit in [Int.max, Int.min, 0] {
            guard case .members(let list) = try raw.ask(.members(lobby, limit: limit)) else { return XCTFail("no list for \(limit)") }
            XCTAssertEqual(list.members.map(\.nickname), ["alice"], "limit \(limit)")
        }
        XCTAssertEqual(MemberList.clamp(Int.max), MemberList.maximumLimit)
        XCTAssertEqual(MemberList.clamp(Int.min), 1)
    }
}
