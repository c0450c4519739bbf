import ChatCore
import Foundation
import LocalStore
import TestSupport
import XCTest
@testable import ViewModels

/// A live message in the chat on screen costs no request of its own: read markers go once the
/// chat is quiet for a second, at least every three while messages keep coming, and the channel
/// list hides the open chat's badge without asking for its count. On a real LocalStore, with another member posting.
@MainActor
final class ReadMarkerPaceTests: XCTestCase {
    static let burst = 30

    /// Each read marker publishes `countsChanged` on the app's own stream beside the feed's one per
    /// batch of messages, so markers = counts events − message batches. Before, every batch that
    /// reached the open chat sent a marker (about 30 here); now at most one a second.
    func testMarkersWhileMessagesArriveGoAtMostOnceASecondAndCatchUp() async throws {
        let (fixture, bob, community, lobby, chat) = try await Self.lobbyOpen()
        let events = Collected<ChatEvent>()
        let stream = fixture.service.events()
        let listening = Task { for await event in stream { events.append(event) } }
        defer { listening.cancel() }

        var last: Message?
        let start = ContinuousClock.now
        for index in 0..<Self.burst {
            last = try await bob.send("burst \(index)", to: lobby.id)
            try await Task.sleep(for: .milliseconds(20))
        }
        let newest = try XCTUnwrap(last)
        let shown = await eventually { chat.messages.value?.last?.id == newest.id }
        XCTAssertTrue(shown, "the burst did not reach the chat")
        let read = await eventually { (try? await fixture.service.unreadCount(in: lobby.id)) == 0 }
        XCTAssertTrue(read, "the marker did not catch up with the newest message")
        let seconds = Double((ContinuousClock.now - start).components.seconds) + 1

        let batches = events.values.filter { if case .messagesAdded(lobby.id, _) = $0 { true } else { false } }.count
        let counts = events.values.filter { $0 == .countsChanged([lobby.id]) }.count
        XCTAssertGreaterThanOrEqual(batches, 5, "the burst came in too few batches to tell")
        XCTAssertLessThanOrEqual(counts - batches, Int(seconds) + 1,
                                 "\(counts - batches) read markers for \(batches) batches in about \(Int(seconds)) s")
        withExtendedLifetime(community) {}  // its models listen for the whole test
    }

    /// Beside the open chat, the list never shows a badge for it while messages arrive (the
    /// marker is up to a second late, so asking for the count would show one).
    func testTheListBesideTheChatKeepsTheOpenChatsBadgeHidden() async throws {
        let (fixture, bob, community, lobby, chat) = try await Self.lobbyOpen()
        community.channels.setShownBesideChat(true)
        let badges = Collected<CountBadge>()
        let observer = community.channels.changes.addObserver { [channels = community.channels] in
            if let badge = channels.rows.value?.first(where: { $0.id == lobby.id })?.badge { badges.append(badge) }
        }
        defer { community.channels.changes.removeObserver(observer) }

        var last: Message?
        for index in 0..<10 {
            last = try await bob.send("beside \(index)", to: lobby.id)
            try await Task.sleep(for: .milliseconds(20))
        }
        let newest = try XCTUnwrap(last)
        let shown = await eventually { chat.messages.value?.last?.id == newest.id }
        XCTAssertTrue(shown)
        let read = await eventually { (try? await fixture.service.unreadCount(in: lobby.id)) == 0 }
        XCTAssertTrue(read)
        XCTAssertEqual(badges.values.filter { $0 != .hidden }, [], "the open chat's row showed a badge")
    }

    /// The pace alone, on the clock: messages arriving every 50 ms for about 4 s get a marker at
    /// most every 3 s (not one a second), and the last one is marked once the chat has been quiet
    /// for a second. Scheduling delays under load only make markers later and fewer, never more.
    func testABurstIsMarkedEveryFewSecondsAndAgainOnceQuiet() async throws {
        let marks = Marks()
        let pace = ReadMarkerPace { marks.sent.append(.now) }
        let start = ContinuousClock.now
        var arrivals = 0
        var lastArrival = start
        while ContinuousClock.now - start < .milliseconds(4_000) {
            pace.arrived()
            lastArrival = .now
            arrivals += 1
            try await Task.sleep(for: .milliseconds(50))
        }
        let during = marks.sent.count
        XCTAssertLessThanOrEqual(during, 2, "\(during) markers for \(arrivals) arrivals in 4 s")
        let caughtUp = await eventually { marks.sent.last.map { $0 >= lastArrival } ?? false }
        XCTAssertTrue(caughtUp, "no marker after the burst")
        let quietFor = try XCTUnwrap(marks.sent.last) - lastArrival
        XCTAssertGreaterThanOrEqual(quietFor, .milliseconds(900), "the marker went before the chat was quiet")
        for (earlier, later) in zip(marks.sent, marks.sent.dropFirst()) {
            XCTAssertGreaterThanOrEqual(later - earlier, .milliseconds(900), "two markers within a second")
        }
        // Nothing more arrives: nothing more is sent.
        let settled = marks.sent.count
        try await Task.sleep(for: .milliseconds(1_500))
        XCTAssertEqual(marks.sent.count, settled)
    }

    /// The app signed in with lobby open on screen, and Bob, another member, to post there.
    private static func lobbyOpen() async throws -> (CommunityFixture, LocalCommunity, Community, Channel, ChatModel) {
        let fixture = try CommunityFixture()
        let bob = try await fixture.member("bob", nickname: "bob")
        try await fixture.signUpApp("me", nickname: "me")
        let (_, community) = try await fixture.community()
        let lobby = try await fixture.channel("lobby")
        return (fixture, bob, community, lobby, try opened(await community.join("lobby")))
    }
}

/// The times a pace under test sent its markers.
@MainActor
private final class Marks {
    var sent: [ContinuousClock.Instant] = []
}
