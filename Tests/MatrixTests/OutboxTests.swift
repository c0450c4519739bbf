import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// The outbox: written before any request, pending while the server is away, sent in order with
/// its saved transaction ids after a restart, failed with a reason when refused for good.
final class OutboxTests: XCTestCase {
    func testMessagesWrittenOfflineAreSentOnceInOrderAfterARestart() async throws {
        let fixture = try MatrixFixture()
        let link = SwitchableLink()
        let (alice, aliceUser) = try await fixture.member("alice", transport: link)
        let (owner, room) = try await fixture.openedRoom("outbox", for: alice)

        link.isUp = false
        var ids: [MessageID] = []
        for index in 1...30 {
            let message = try await alice.send("queued \(index)", to: room)
            XCTAssertEqual(message.delivery, .pending)
            ids.append(message.id)
        }
        let shown = try await alice.latestMessages(in: room, limit: 50).messages.suffix(30)
        XCTAssertEqual(shown.map(\.id), ids, "pending messages are shown, in order, under their ids")
        XCTAssertTrue(shown.allSatisfy { $0.delivery == .pending })
        _ = alice.end()  // the process goes away with 30 messages pending

        let restarted = fixture.service("alice")  // a new process: the link works again
        let events = EventRecorder(restarted)
        guard case .member = await restarted.restoreSession() else { return XCTFail("session not restored") }
        let allDelivered = await eventually(seconds: 30) {
            let page = try? await restarted.latestMessages(in: room, limit: 50)
            return page?.messages.suffix(30).allSatisfy { $0.delivery == .delivered } == true
        }
        XCTAssertTrue(allDelivered, "the outbox drained after the restart")
        let reader = fixture.service("reader")
        _ = try await reader.logIn(identifier: owner.localpart, password: owner.password)
        let received = try await reader.latestMessages(in: room, limit: 100).messages.filter { $0.senderID.raw == aliceUser.userID }
        XCTAssertEqual(received.said.map(\.content.summary), (1...30).map { "queued \($0)" }, "each once, in order")
        XCTAssertEqual(received.first?.content.summary, "joined", "Alice's join comes before what she wrote")
        let updated = await events.first { if case .messageUpdated(let message) = $0 { return ids.last.map(message.isNamed) == true } else { return false } }
        XCTAssertNotNil(updated, "the delivered message is announced under its pending id")
        await fixture.close()
    }

    func testARefusedMessageFailsWithTheReasonAndCanBeRetriedOrDiscarded() async throws {
        let fixture = try MatrixFixture()
        let (alice, _) = try await fixture.member("alice")
        let (_, room) = try await fixture.openedRoom("refusals", for: alice)
        let huge = String(repeating: "떡", count: 30_000)  // 90 KB: over Matrix's 64 KiB event limit

        do {
            _ = try await alice.send(huge, to: room)
            XCTFail("the server stored an oversized event")
        } catch ChatError.server(let code, _) {
            XCTAssertEqual(code, "M_TOO_LARGE")
        }
        let shown = try await alice.latestMessages(in: room, limit: 5).messages.last
        let failed = try XCTUnwrap(shown)
        guard case .failed(let reason) = failed.delivery else { return XCTFail("shown as \(failed.delivery)") }
        XCTAssertFalse(reason.isEmpty)

        do {
            try await alice.retry(failed.id)
            XCTFail("a retry of a refused message succeeded")
        } catch ChatError.server(let code, _) {
            XCTAssertEqual(code, "M_TOO_LARGE")
        }
        try await alice.discard(failed.id)
        let after = try await alice.latestMessages(in: room, limit: 5).messages
        XCTAssertFalse(after.contains { $0.id == failed.id }, "discarded")
        await assertThrows(.noSuchMessage) { try await alice.discard(failed.id) }
        _ = try await alice.send("small enough", to: room)
        let last = try await alice.latestMessages(in: room, limit: 5).messages.last
        XCTAssertEqual(last?.delivery, .delivered)
        await fixture.close()
    }

    /// A sync answer computed before the send, with a gap, may start the room afresh right after
    /// the send was acknowledged: the cache row of the message is gone until the next sync brings
    /// it back. `tteok post` then answered exit 4 ("no such channel or member") for a message the
    /// server had stored (a full CI run, once). The sender keeps what it delivered for its caller.
    func testADeliveredMessageStaysDeliveredWhenASyncGapDropsItFromTheCacheAtOnce() async throws {
        let fixture = try MatrixFixture()
        let (alice, _) = try await fixture.member("alice")
        let (_, room) = try await fixture.openedRoom("gap", for: alice)
        let session = try XCTUnwrap(alice.active?.session)
        // A cache and a sender of their own, so alice's running sync and outbox take no part.
        let directory = try TemporaryDirectory(prefix: "outbox-gap")
        let cache = try MatrixCache(directory: directory.url, homeserver: fixture.server, userID: session.userID)
        let client = MatrixClient(homeserver: fixture.server, transport: CurlTransport(), accessToken: session.accessToken)
        let older = RoomEvent(event_id: "$older-than-the-send", type: "m.room.message", sender: "@owner:x", origin_server_ts: 1,
                              content: .object(["msgtype": .string("m.text"), "body": .string("before")]))
        let gap = SyncResponse(next_batch: "s-gap", rooms: .init(join: [room.raw: JoinedRoom(
            timeline: .init(events: [older], limited: true, prev_batch: "p-gap"))]))
        let outbox = OutboxSender(client: client, cache: cache, encryption: nil) { outcome in
            // The sync loop stores its answer between the delivery and the caller's read.
            if case .delivered = outcome { _ = try? await cache.apply(gap) }
        }
        _ = try await cache.enqueue(.typed("sent across a gap"), to: room.raw, transactionID: "gap-1", at: Date())
        await outbox.drain()

        let row = try await cache.sentEvent("gap-1")
        XCTAssertNil(row, "the gap started the room afresh: the cache alone no longer knows the message was sent")
        let delivered = try XCTUnwrap(outbox.takeDelivery(of: "gap-1"), "the sender kept what it delivered")
        XCTAssertTrue(delivered.eventID.hasPrefix("$"), delivered.eventID)
        XCTAssertEqual(delivered.content.body, "sent across a gap")
        XCTAssertNil(outbox.takeDelivery(of: "gap-1"), "handed over once")
        let stored = await eventually(seconds: 20) {
            (try? await alice.latestMessages(in: room, limit: 5).messages.contains { $0.content.summary == "sent across a gap" }) == true
        }
        XCTAssertTrue(stored, "the server stored it once: the room's member sees it")
        await fixture.close()
    }
}
