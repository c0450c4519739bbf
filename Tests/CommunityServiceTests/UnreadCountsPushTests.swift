import ChatCore
import CommunityClient
import Foundation
import TestSupport
import XCTest

/// The service pushes each subscriber's unread counts with the new messages (wire version 6), so
/// a client's badges follow a live message without a request of its own. Through a real
/// `tteok serve`: the counts are the viewer's own (read marker, blocks), and never name a
/// conversation the viewer is not in. (Before, the push said only `countsChanged` and every
/// client asked for the counts again: no wait below for `unreadCounts` came true.)
final class UnreadCountsPushTests: XCTestCase {
    func testNewMessagesArePushedWithTheViewersOwnCounts() async throws {
        let served = try ServedCommunity(moderators: [])
        defer { served.stop() }
        let viewer = try await served.member("viewer"), bob = try await served.member("bob"), carol = try await served.member("carol")
        let help = try await viewer.channel(named: "help").id
        try await viewer.markRead(help)
        let pushed = try await LiveEvents.listen(to: viewer)
        defer { pushed.stop() }

        for index in 1...3 { _ = try await bob.send("question \(index)", to: help) }
        let three = await eventually(seconds: 20) { pushed.lastCount(help) == 3 }
        XCTAssertTrue(three, "the viewer's count of help was not pushed as 3: \(pushed.all)")
        XCTAssertFalse(pushed.all.contains { if case .countsChanged(let ids) = $0 { ids.contains(help) } else { false } },
                       "a new message's counts come with it, not as a question to ask")

        // The viewer's own marker and blocks count: read, then a blocked member's message is none.
        try await viewer.markRead(help)
        let carolViewer = await carol.viewer()
        let carolID = try XCTUnwrap(carolViewer.userID)
        try await viewer.block(carolID)
        _ = try await carol.send("from someone blocked", to: help)
        let after = try await bob.send("one more", to: help)
        let added = await eventually(seconds: 20) { pushed.added(after.id) && pushed.lastCount(help) == 1 }
        XCTAssertTrue(added, "after reading, one more message counts 1 (the blocked one none): \(pushed.all.suffix(4))")

        // Bob's count of the same channel is his own.
        let bobPushed = try await LiveEvents.listen(to: bob)
        defer { bobPushed.stop() }
        _ = try await carol.send("for bob", to: help)
        let bobsCount = await eventually(seconds: 20) { bobPushed.lastCount(help) != nil }
        XCTAssertTrue(bobsCount)
        let asked = try await bob.unreadCount(in: help)
        XCTAssertEqual(bobPushed.lastCount(help), asked, "the pushed count is what bob would be told if he asked")
    }

    func testAConversationsCountsReachOnlyItsMembers() async throws {
        let served = try ServedCommunity(moderators: [])
        defer { served.stop() }
        let viewer = try await served.member("viewer"), bob = try await served.member("bob"), carol = try await served.member("carol")
        let pushed = try await LiveEvents.listen(to: viewer)
        defer { pushed.stop() }
        let carolPushed = try await LiveEvents.listen(to: carol)
        defer { carolPushed.stop() }

        let carolViewer = await carol.viewer()
        let carolID = try XCTUnwrap(carolViewer.userID)
        let direct = try await bob.sendDirect("just for carol", to: carolID)
        let toCarol = await eventually(seconds: 20) { carolPushed.lastCount(direct.channelID) == 1 }
        XCTAssertTrue(toCarol, "carol was not pushed her conversation's count: \(carolPushed.all)")
        // A marker after it on the viewer's connection: once pushed, so was anything before it.
        let lobby = try await viewer.channel(named: "lobby").id
        let marker = try await bob.send("in the lobby", to: lobby)
        let markerPushed = await eventually(seconds: 20) { pushed.added(marker.id) }
        XCTAssertTrue(markerPushed)
        XCTAssertNil(pushed.lastCount(direct.channelID), "the viewer was pushed a count of someone else's conversation")
    }
}

extension LiveEvents {
    /// The last unread count pushed for `channel`.
    func lastCount(_ channel: ChannelID) -> Int? {
        all.reversed().lazy.compactMap { if case .unreadCounts(let counts) = $0 { counts[channel] } else { nil } }.first
    }
}
