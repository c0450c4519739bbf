import ChatCore
import Foundation
import XCTest

/// Listeners on the main actor: each publish reaches every one of them as one batch, in one hop
/// to the main queue, in order, and a cancelled listener gets nothing more.
@MainActor
final class EventHubOnMainTests: XCTestCase {
    func testEachPublishReachesEveryMainListenerAsOneBatchInOrder() async {
        let hub = EventHub()
        var log: [(String, [ChatEvent])] = []
        let first = hub.listenOnMain { log.append(("first", $0)) }
        let second = hub.listenOnMain { log.append(("second", $0)) }
        defer { first.cancel(); second.cancel() }
        XCTAssertEqual(hub.listenerCount, 2)

        let counts = ChatEvent.unreadCounts([ChannelID("lobby"): 1])
        hub.publish([.messagesAdded(ChannelID("lobby"), []), counts])
        hub.publish(.channelsChanged)
        let delivered = await Self.eventually { log.count == 4 }
        XCTAssertTrue(delivered, "delivered: \(log)")
        XCTAssertEqual(log.map(\.0), ["first", "second", "first", "second"], "listeners in the order they began, publishes in order")
        XCTAssertEqual(log[0].1, [.messagesAdded(ChannelID("lobby"), []), counts], "a publish's events come together")
        XCTAssertEqual(log[3].1, [.channelsChanged])
    }

    func testACancelledListenerGetsNothingEvenOfWhatWasPublishedBefore() async {
        let hub = EventHub()
        var cancelledGot: [[ChatEvent]] = []
        var keptGot: [[ChatEvent]] = []
        let cancelled = hub.listenOnMain { cancelledGot.append($0) }
        let kept = hub.listenOnMain { keptGot.append($0) }
        defer { kept.cancel() }
        hub.publish(.channelsChanged)
        // The hop to the main queue has not run yet: this listener is gone before it does.
        cancelled.cancel()
        XCTAssertEqual(hub.listenerCount, 1)
        let delivered = await Self.eventually { keptGot.count == 1 }
        XCTAssertTrue(delivered)
        XCTAssertEqual(cancelledGot, [])
    }

    func testFinishAllDropsTheMainListeners() async {
        let hub = EventHub()
        var got: [[ChatEvent]] = []
        let listener = hub.listenOnMain { got.append($0) }
        defer { listener.cancel() }
        let stream = hub.stream()
        hub.finishAll()
        XCTAssertEqual(hub.listenerCount, 0)
        hub.publish(.channelsChanged)
        var iterator = stream.makeAsyncIterator()
        let next = await iterator.next()
        XCTAssertNil(next, "the stream ended")
        // A marker listener added after: once it has its batch, so would the dropped one.
        var marker = false
        let after = hub.listenOnMain { _ in marker = true }
        defer { after.cancel() }
        hub.publish(.channelsChanged)
        let markerDelivered = await Self.eventually { marker }
        XCTAssertTrue(markerDelivered)
        XCTAssertEqual(got, [])
    }

    /// Waits on the main actor (letting the main queue run) until `condition` holds, at most 5 s.
    private static func eventually(_ condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(5)
        while !condition(), Date() < deadline { try? await Task.sleep(nanoseconds: 2_000_000) }
        return condition()
    }
}
