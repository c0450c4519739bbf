import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// A sync's long poll answered before our send reached the server, arriving after the send's
/// answer stored our message: its messages were sent before ours and go before ours, in the
/// server's order (they went after ours for good). Our message holds them off for two answers at
/// most, and a timeline with a gap ends it.
final class UnseenSendsTests: XCTestCase {
    private func cache() throws -> (MatrixCache, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        return (try MatrixCache(directory: directory.url, homeserver: URL(string: "http://h:1")!, userID: "@me:x"), directory)
    }

    private func text(_ id: String, _ body: String, from sender: String = "@b:x", at ts: Int64) -> RoomEvent {
        RoomEvent(event_id: id, type: "m.room.message", sender: sender, origin_server_ts: ts,
                  content: .object(["msgtype": .string("m.text"), "body": .string(body)]))
    }

    private func sync(_ batch: String, _ timeline: [RoomEvent], limited: Bool = false) -> SyncResponse {
        SyncResponse(next_batch: batch, rooms: .init(join: ["!r": JoinedRoom(timeline: .init(events: timeline, limited: limited, prev_batch: nil))]))
    }

    private func bodies(_ cache: MatrixCache) async throws -> [String] {
        try await cache.events(in: "!r", before: nil, limit: 100).map { DomainMapping.message($0).content.summary }
    }

    /// Sends "mine" (acknowledged as `$mine`) and returns its echo as a sync carries it.
    private func send(_ cache: MatrixCache, at ts: Int64) async throws -> RoomEvent {
        let entry = try await cache.enqueue(MessageEventContent(msgtype: "m.text", body: "mine"), to: "!r", transactionID: "t1", at: Date())
        _ = try await cache.acknowledge(entry, eventID: "$mine", sender: "@me:x")
        var echo = text("$mine", "mine", from: "@me:x", at: ts)
        echo.unsigned = .init(transaction_id: "t1")
        return echo
    }

    func testAnAnswerWithoutOurSendPutsItsMessagesBeforeOurs() async throws {
        let (cache, directory) = try cache()
        _ = try await cache.apply(sync("s1", [text("$0", "earlier", at: 0)]))
        let echo = try await send(cache, at: 5)
        // The poll under way when the send was answered: two messages sent before ours.
        _ = try await cache.apply(sync("s2", [text("$a", "theirs first", at: 2), text("$b", "theirs second", at: 3)]))
        let meanwhile = try await bodies(cache)
        XCTAssertEqual(meanwhile, ["earlier", "theirs first", "theirs second", "mine"], "ours stays last until a sync carries it")
        _ = try await cache.apply(sync("s3", [echo, text("$c", "theirs after", at: 6)]))
        _ = try await cache.apply(sync("s4", [text("$d", "later still", at: 7)]))
        let after = try await bodies(cache)
        XCTAssertEqual(after, ["earlier", "theirs first", "theirs second", "mine", "theirs after", "later still"])
        _ = directory
    }

    /// A server that never brings our message back does not keep the room's messages above it.
    func testOurSendHoldsNewMessagesOffForTwoAnswersAtMost() async throws {
        let (cache, directory) = try cache()
        _ = try await cache.apply(sync("s1", [text("$0", "earlier", at: 0)]))
        _ = try await send(cache, at: 5)
        _ = try await cache.apply(sync("s2", [text("$a", "in the poll under way", at: 2)]))
        _ = try await cache.apply(sync("s3", [text("$b", "in the next, which lacks ours", at: 3)]))
        _ = try await cache.apply(sync("s4", [text("$c", "after both", at: 6)]))
        let order = try await bodies(cache)
        XCTAssertEqual(order, ["earlier", "in the poll under way", "in the next, which lacks ours", "mine", "after both"])
        _ = directory
    }

    /// A timeline with a gap that overlaps the cache: the server's order from there on, ours
    /// no longer held last.
    func testAGapEndsTheHold() async throws {
        let (cache, directory) = try cache()
        _ = try await cache.apply(sync("s1", [text("$0", "earlier", at: 0)]))
        _ = try await send(cache, at: 5)
        _ = try await cache.apply(sync("s2", [text("$0", "earlier", at: 0), text("$a", "after a gap", at: 6)], limited: true))
        let order = try await bodies(cache)
        XCTAssertEqual(order, ["earlier", "mine", "after a gap"])
        _ = directory
    }

    /// The race on the real server: the long poll answered with another's message is held
    /// (`FaultProxy`) while ours is sent and acknowledged; released, it goes before ours, as the
    /// server ordered them.
    func testALongPollAnsweredBeforeOurSendIsPlacedBeforeItOnTheServer() async throws {
        let fixture = try MatrixFixture()
        let proxy = try FaultProxy(upstream: fixture.server)
        defer { proxy.stop() }
        let (mina, _) = try await fixture.member("mina", through: proxy.url)
        let peer = try await SynapseUser.register(on: fixture.server)
        let roomID = try await peer.createRoom(name: "race \(SynapseServer.randomName())")
        let room = ChannelID(roomID)
        _ = try await mina.latestMessages(in: room, limit: 10)
        func texts() async throws -> [String] { try await mina.latestMessages(in: room, limit: 20).texts }

        _ = try await peer.sendMessage(["msgtype": "m.text", "body": "before"], to: roomID)
        let shown = try await eventually(seconds: 20) { try await texts().contains("before") }
        XCTAssertTrue(shown)

        // The long poll under way is answered with the peer's message, and held.
        proxy.set(.holdAnswer, matching: "/sync")
        _ = try await peer.sendMessage(["msgtype": "m.text", "body": "theirs, sent first"], to: roomID)
        let held = await eventually(seconds: 20) {
            proxy.heldAnswers.contains { String(decoding: $0, as: UTF8.self).contains("theirs, sent first") }
        }
        XCTAssertTrue(held, "the poll's answer, held: \(proxy.heldAnswers.count)")
        _ = try await mina.send("mine, sent second", to: room)
        proxy.heal()

        let both = try await eventually(seconds: 20) { try await texts().contains("theirs, sent first") }
        XCTAssertTrue(both, "the held answer came")
        let server = try await peer.storedTexts(in: roomID).map(\.body)
        XCTAssertEqual(Array(server.suffix(3)), ["before", "theirs, sent first", "mine, sent second"], "the server's order")
        let shownOrder = try await texts()
        XCTAssertEqual(Array(shownOrder.suffix(3)), ["before", "theirs, sent first", "mine, sent second"], "shown as the server ordered them")
        await fixture.close()
    }
}
