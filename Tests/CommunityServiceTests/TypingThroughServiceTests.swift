import ChatCore
import CommunityClient
import Foundation
import TestSupport
import XCTest

/// Typing notices through a real `tteok serve` (issue 17): a member's start reaches the others
/// at once with their nickname, never the member themselves nor anyone either side of a block,
/// nor anyone outside a direct conversation; a stop, a start left unrenewed and a connection that
/// ends all end it; guests and people who may not post cannot type.
final class TypingThroughServiceTests: XCTestCase {
    func testAStartReachesTheOthersButNotTheBlockedAndAStopEndsIt() async throws {
        let served = try ServedCommunity(moderators: [])
        defer { served.stop() }
        let alice = try await served.member("alice"), bob = try await served.member("bob"), carol = try await served.member("carol")
        let lobby = try await alice.channel(named: "마포구").id
        try await carol.block(try await carol.searchMembers("alice").first { $0.nickname == "alice" }!.id)
        let atAlice = try await LiveEvents.listen(to: alice), atBob = try await LiveEvents.listen(to: bob), atCarol = try await LiveEvents.listen(to: carol)
        defer { [atAlice, atBob, atCarol].forEach { $0.stop() } }

        try await alice.setTyping(true, in: lobby)
        let told = await eventually(seconds: 20) { atBob.typists(in: lobby) == Typists(names: ["alice"], total: 1) }
        XCTAssertTrue(told, "bob sees alice typing: \(String(describing: atBob.typists(in: lobby)))")
        let others = await eventually(seconds: 20) { atCarol.typists(in: lobby) != nil && atAlice.typists(in: lobby) != nil }
        XCTAssertTrue(others)
        XCTAssertEqual(atCarol.typists(in: lobby), .nobody, "carol blocked alice")
        XCTAssertEqual(atAlice.typists(in: lobby), .nobody, "alice is not told of herself")

        try await alice.setTyping(false, in: lobby)
        let stopped = await eventually(seconds: 20) { atBob.typists(in: lobby) == .nobody }
        XCTAssertTrue(stopped, "bob sees alice stop")

        try await alice.setTyping(true, in: lobby)
        let again = await eventually(seconds: 20) { atBob.typists(in: lobby)?.names == ["alice"] }
        XCTAssertTrue(again)
        alice.disconnect()
        let left = await eventually(seconds: 20) { atBob.typists(in: lobby) == .nobody }
        XCTAssertTrue(left, "alice's connection ended: so did her typing")
    }

    func testADirectConversationsTypingStaysBetweenItsTwo() async throws {
        let served = try ServedCommunity(moderators: [])
        defer { served.stop() }
        let alice = try await served.member("alice"), bob = try await served.member("bob"), carol = try await served.member("carol")
        let bobID = try await alice.searchMembers("bob").first { $0.nickname == "bob" }!.id
        _ = try await alice.sendDirect("hi bob", to: bobID)
        let direct = try await XCTUnwrapAsync(try await alice.directChannel(with: bobID))
        let atBob = try await LiveEvents.listen(to: bob), atCarol = try await LiveEvents.listen(to: carol)
        _ = try await LiveEvents.listen(to: alice)
        defer { [atBob, atCarol].forEach { $0.stop() } }

        try await alice.setTyping(true, in: direct)
        let told = await eventually(seconds: 20) { atBob.typists(in: direct)?.names == ["alice"] }
        XCTAssertTrue(told, "bob sees alice typing to him")
        // Carol hears of a later channel's typing, and never of the conversation's.
        let lobby = try await bob.channel(named: "마포구").id
        try await bob.setTyping(true, in: lobby)
        let later = await eventually(seconds: 20) { atCarol.typists(in: lobby)?.names == ["bob"] }
        XCTAssertTrue(later)
        XCTAssertNil(atCarol.typists(in: direct), "carol is not told of typing in someone else's conversation")
    }

    /// A start that is never renewed or stopped (a client that vanished mid-word but kept its
    /// connection) runs out after `TypingNotice.lasts`.
    func testAnUnrenewedStartRunsOut() async throws {
        try await assertALeftNoticeRunsOut(renewedAfter: nil)
    }

    /// Regression: a notice was checked for running out only at its first start's end, so one
    /// renewed once and then left lasted until the connection ended.
    func testARenewedStartThatIsLeftRunsOut() async throws {
        // Renewed a while after the start (a client renews every 20 s), so the two ends are apart.
        try await assertALeftNoticeRunsOut(renewedAfter: .seconds(5))
    }

    /// Alice starts typing (renewing it once after `pause`, if given) and then sends nothing:
    /// bob sees it end `TypingNotice.lasts` after her last start, not before.
    private func assertALeftNoticeRunsOut(renewedAfter pause: Duration?) async throws {
        let served = try ServedCommunity(moderators: [])
        defer { served.stop() }
        let alice = try await served.member("alice"), bob = try await served.member("bob")
        let lobby = try await alice.channel(named: "마포구").id
        let atBob = try await LiveEvents.listen(to: bob)
        _ = try await LiveEvents.listen(to: alice)
        defer { atBob.stop() }
        try await alice.setTyping(true, in: lobby)
        let told = await eventually(seconds: 20) { atBob.typists(in: lobby)?.names == ["alice"] }
        XCTAssertTrue(told)
        if let pause {
            try await Task.sleep(for: pause)
            try await alice.setTyping(true, in: lobby)
        }
        let lastStart = Date()
        let ranOut = await eventually(seconds: TypingNotice.lasts + 20) { atBob.typists(in: lobby) == .nobody }
        XCTAssertTrue(ranOut, "the notice ran out")
        XCTAssertGreaterThan(Date().timeIntervalSince(lastStart), TypingNotice.lasts - 5, "not before its time")
    }

    func testGuestsAndThoseWhoMayNotPostCannotType() async throws {
        let served = try ServedCommunity(moderators: [])
        defer { served.stop() }
        let bob = try await served.member("bob")
        let atBob = try await LiveEvents.listen(to: bob)
        defer { atBob.stop() }
        let guest = served.client("guest")
        try await guest.continueAsGuest()
        _ = try await LiveEvents.listen(to: guest)
        let lobby = try await bob.channel(named: "마포구").id
        do {
            try await guest.setTyping(true, in: lobby)
            XCTFail("a guest typed")
        } catch ChatError.denied(let denial) {
            XCTAssertEqual(denial, .guest)
        }
        var readOnly: [Channel] = []
        for channel in try await bob.channels() where await bob.permission(in: channel.id) != .allowed { readOnly.append(channel) }
        let elsewhere = try XCTUnwrap(readOnly.first, "another region's channel, read-only to bob")
        do {
            try await bob.setTyping(true, in: elsewhere.id)
            XCTFail("bob may not post in \(elsewhere.name), so may not type there")
        } catch ChatError.denied {}
        do {
            try await bob.setTyping(true, in: ChannelID("999999"))
            XCTFail("typed in a channel that does not exist")
        } catch {}
        XCTAssertNil(atBob.typists(in: lobby), "nothing reached bob")
    }
}

extension LiveEvents {
    /// Who the service last said types in `channel`; nil when it never said.
    func typists(in channel: ChannelID) -> Typists? {
        all.reversed().lazy.compactMap { if case .typing(channel, let typists) = $0 { typists } else { nil } }.first
    }
}
