import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// A long thread on Matrix (issue 17): matrix-nio writes 250 replies in a thread before tteok's
/// member joins, so nothing of it is cached; the thread's view opens at the newest page and
/// reads back through the server's `/relations` batches to the first reply, each once, in order.
/// A reply that answers one reply of the thread goes out as `m.thread` with a real
/// `m.in_reply_to` (no fallback), which nio reads so.
final class ThreadPagingTests: XCTestCase {
    func testAThreadOf250RepliesReadsBackToItsFirstAndAReplyAnswersThePickedOne() async throws {
        let fixture = try MatrixFixture()
        let owner = try await SynapseUser.register(on: fixture.server)
        let room = ChannelID(try await owner.createRoom(name: "long thread \(SynapseServer.randomName())"))
        let peer = NioPeer(user: owner, store: fixture.directory.file("nio"))
        let numbers = (1...250).map { String(format: "reply #%03d", $0) }
        let sent = try peer.send([.text("count to 250")] + numbers.map { NioStep.thread(root: .step(0), $0) }, to: room.raw)
        let root = MessageID(sent[0])

        let (late, _) = try await fixture.member("late")
        _ = try await late.latestMessages(in: room, limit: 5)
        let thread = try await late.thread(root, in: room, limit: 50)
        XCTAssertEqual(thread.replies.map(\.content.summary), Array(numbers.suffix(50)), "the newest page first")
        let (replies, paging, pages) = try await readBack(thread, of: root, in: room, by: late, pageSize: 50)
        XCTAssertEqual(replies.map(\.content.summary), numbers, "every reply once, oldest first")
        XCTAssertEqual(paging, .done)
        XCTAssertLessThanOrEqual(pages, 5, "pages of 50, and at most one that finds nothing more")
        await assertThrows(.invalidInput("Bad page token.")) {
            _ = try await late.olderThreadReplies(root, in: room, before: PageToken("not a cursor"), limit: 50)
        }

        let answered = MessageID(sent[100])
        let mine = try await late.replyInThread("why #100?", root: root, quoting: answered, in: room)
        XCTAssertEqual(mine.thread, .reply(root: root))
        XCTAssertEqual(mine.replyTo?.parentID, answered)
        let mineID = try await XCTUnwrap(late.active).cache.eventID(of: mine.id.raw)
        let seen = try peer.events(in: room.raw)
        let event = try XCTUnwrap(seen.first { $0["event_id"] as? String == mineID }, "nio never saw the reply")
        let relation = try XCTUnwrap((event["content"] as? [String: Any])?["m.relates_to"] as? [String: Any])
        XCTAssertEqual(relation["rel_type"] as? String, "m.thread")
        XCTAssertEqual(relation["event_id"] as? String, sent[0])
        XCTAssertEqual(relation["is_falling_back"] as? Bool, false, "it answers the reply for real")
        XCTAssertEqual((relation["m.in_reply_to"] as? [String: Any])?["event_id"] as? String, sent[100])
        await assertThrows(.noSuchMessage) {
            _ = try await late.replyInThread("elsewhere", root: root, quoting: MessageID("$nosuchevent"), in: room)
        }
        // Having the thread open sends a threaded receipt (thread_id), which Synapse takes.
        try await late.markThreadRead(root, in: room)
        await fixture.close()
    }

    /// A hostile server whose `/relations` always hands out another batch and nothing in it: the
    /// view reads what the cache holds and then stops, asking once per page it shows.
    func testAServerHandingOutEmptyBatchesForeverIsNotAskedForever() async throws {
        let fixture = try MatrixFixture()
        let proxy = try FaultProxy(upstream: fixture.server)
        defer { proxy.stop() }
        let (tteok, _) = try await fixture.member("tteok", through: proxy.url)
        let (owner, room) = try await fixture.openedRoom("endless", for: tteok)
        let peer = NioPeer(user: owner, store: fixture.directory.file("nio"))
        let sent = try peer.send([.text("root"), .thread(root: .step(0), "one"), .thread(root: .step(0), "two"),
                                  .thread(root: .step(0), "three")], to: room.raw)
        let root = MessageID(sent[0])
        let whole = try await tteok.thread(root, in: room, limit: 50)
        XCTAssertEqual(whole.replies.map(\.content.summary), ["one", "two", "three"], "cached from the honest server")

        proxy.set(.answer(json: #"{"chunk":[],"next_batch":"again"}"#), matching: "/relations/")
        let thread = try await tteok.thread(root, in: room, limit: 2)
        let (replies, paging, calls) = try await readBack(thread, of: root, in: room, by: tteok, pageSize: 2)
        XCTAssertEqual(replies.map(\.content.summary), ["one", "two", "three"])
        XCTAssertEqual(paging, .done)
        XCTAssertEqual(calls, 2, "one page of the cache's last reply, one that found nothing and ended")
        await fixture.close()
    }

    /// Reads `thread` back page by page while older replies remain (at most 10 pages more):
    /// every reply read, where the paging ended, and how many pages were asked for.
    private func readBack(_ thread: MessageThread, of root: MessageID, in room: ChannelID, by service: MatrixService,
                          pageSize: Int) async throws -> (replies: [Message], paging: Paging, pages: Int) {
        var replies = thread.replies
        var paging = thread.older
        var pages = 0
        while case .haveMore(let token) = paging, pages < 10 {
            let page = try await service.olderThreadReplies(root, in: room, before: token, limit: pageSize)
            replies = page.messages + replies
            paging = page.next
            pages += 1
        }
        return (replies, paging, pages)
    }
}
