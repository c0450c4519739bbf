import ChatCore
import CommunityClient
import Foundation
import TestSupport
import XCTest

/// The service reads each commit once and filters it per subscriber in memory: each viewer
/// still sees exactly what its own query showed — not a blocked sender's posts, not someone
/// else's direct conversation, a reply to a blocked person without the quote.
final class LiveFanOutTests: XCTestCase {
    func testEachSubscriberSeesOnlyWhatItsViewerMay() async throws {
        let harness = try ServiceHarness()
        let alice = try await harness.member("alice"), bob = try await harness.member("bob"), carol = try await harness.member("carol")
        let guest = harness.client("guest")
        try await guest.continueAsGuest()
        let bobViewer = await bob.viewer()
        let bobID = try XCTUnwrap(bobViewer.account?.id)
        try await carol.block(bobID)
        let seen = try await [alice, bob, carol, guest].asyncMap { try await Self.listen(to: $0) }
        defer { seen.forEach { $0.task.cancel() } }
        let lobby = try await alice.channel(named: "마포구").id

        let fromBob = try await bob.send("bob speaks", to: lobby)
        _ = try await alice.reply("alice answers", to: fromBob.id, in: lobby)
        _ = try await alice.sendDirect("just for bob", to: bobID)
        _ = try await alice.send("the last one", to: lobby)

        let everyoneGotTheLast = await eventually(seconds: 20) { seen.allSatisfy { $0.texts().contains("the last one") } }
        XCTAssertTrue(everyoneGotTheLast, "\(seen.map { $0.texts() })")
        let (aliceSaw, bobSaw, carolSaw, guestSaw) = (seen[0].texts(), seen[1].texts(), seen[2].texts(), seen[3].texts())
        XCTAssertEqual(aliceSaw, ["bob speaks", "alice answers", "just for bob", "the last one"])
        XCTAssertEqual(bobSaw, ["bob speaks", "alice answers", "just for bob", "the last one"])
        XCTAssertEqual(carolSaw, ["alice answers", "the last one"], "carol blocked bob and is not in the conversation")
        XCTAssertEqual(guestSaw, ["bob speaks", "alice answers", "the last one"])
        XCTAssertEqual(seen[0].reply()?.parent, .message(senderNickname: "bob", firstLine: "bob speaks"))
        XCTAssertEqual(seen[2].reply()?.parent, .unavailable, "the quote of a blocked person is hidden")
        XCTAssertTrue(seen[1].conversationsChanged.count > 0, "bob's conversation list was not told of the direct message")
        XCTAssertEqual(seen[2].conversationsChanged.count, 0)
    }

    private struct Listener: Sendable {
        let task: Task<Void, Never>
        let messages: Collected<Message>
        let conversationsChanged: Collected<Bool>

        func texts() -> [String] {
            messages.values.compactMap { if case .text(let text) = $0.content { text } else { nil } }
        }

        func reply() -> ReplySummary? { messages.values.first { $0.replyTo != nil }?.replyTo }
    }

    /// Subscribes `client` and collects what it is pushed, once the service confirmed it.
    private static func listen(to client: ServiceCommunity) async throws -> Listener {
        let events = client.events()
        let messages = Collected<Message>(), conversations = Collected<Bool>()
        let task = Task {
            for await event in events {
                switch event {
                case .messagesAdded(_, let added): added.forEach(messages.append)
                case .conversationsChanged: conversations.append(true)
                default: break
                }
            }
        }
        let subscribed = await eventually(seconds: 20) { client.receivesLiveEvents }
        XCTAssertTrue(subscribed)
        return Listener(task: task, messages: messages, conversationsChanged: conversations)
    }
}

private extension Array {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for element in self { result.append(try await transform(element)) }
        return result
    }
}
