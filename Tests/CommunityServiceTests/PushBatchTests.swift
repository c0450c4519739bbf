import ChatCore
import CommunityClient
import Foundation
import TestSupport
import XCTest

/// Through a real `tteok serve`: a new message's push — the messages and the viewer's counts,
/// written by the service in one go — reaches a screen's listener as one batch, in one hop to the
/// main actor, with the messages before their counts. (Before, each pushed event woke every
/// screen's listener on its own: two hops per listener per message.)
@MainActor
final class PushBatchTests: XCTestCase {
    func testAMessageAndItsCountsReachTheScreenTogether() async throws {
        let served = try ServedCommunity(moderators: [])
        defer { served.stop() }
        let viewer = try await served.member("viewer"), bob = try await served.member("bob")
        let help = try await viewer.channel(named: "help").id
        var batches: [[ChatEvent]] = []
        let listener = viewer.listenOnMain { batches.append($0) }
        defer { listener.cancel() }
        let subscribed = await eventually(seconds: 20) { viewer.receivesLiveEvents }
        XCTAssertTrue(subscribed)

        for index in 1...5 {
            let sent = try await bob.send("question \(index)", to: help)
            let arrived = await eventually(seconds: 20) { batches.contains { Self.adds(sent.id, $0) } }
            XCTAssertTrue(arrived, "message \(index) was not pushed: \(batches)")
            let batch = try XCTUnwrap(batches.first { Self.adds(sent.id, $0) })
            let counts = batch.firstIndex { if case .unreadCounts(let counts) = $0 { counts[help] != nil } else { false } }
            let added = try XCTUnwrap(batch.firstIndex { Self.adds(sent.id, [$0]) })
            XCTAssertNotNil(counts, "the counts of message \(index) came apart from it: \(batch)")
            XCTAssertLessThan(added, counts ?? -1, "the counts come after the messages they count")
        }
    }

    private static func adds(_ id: MessageID, _ events: [ChatEvent]) -> Bool {
        events.contains { if case .messagesAdded(_, let messages) = $0 { messages.contains { $0.id == id } } else { false } }
    }
}
