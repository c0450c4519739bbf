import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// Threads on Matrix (issue 17): what matrix-nio sends as `m.thread` shows in tteok as a thread —
/// out of the room's timeline, counted under its root, read in the thread's view, live — and
/// what tteok posts in a thread nio reads as `m.thread` with the fallback other clients show.
final class ThreadTests: XCTestCase {
    func testNiosThreadShowsAsAThreadAndTteoksReplyIsAnMThread() async throws {
        let fixture = try MatrixFixture()
        let (tteok, user) = try await fixture.member("tteok")
        let peer = NioPeer(user: try await SynapseUser.register(on: fixture.server), store: fixture.directory.file("nio"))
        let room = ChannelID(try await peer.user.createRoom(name: "threads \(SynapseServer.randomName())"))
        _ = try await tteok.latestMessages(in: room, limit: 5)
        let recorder = EventRecorder(tteok)

        let sent = try peer.send([
            .text("where shall we eat?"),                         // 0
            .thread(root: .step(0), "the place by the river"),    // 1
            .thread(root: .step(0), "or 떡볶이 at the market"),     // 2
            .text("back in the room"),                            // 3
        ], to: room.raw)
        let root = MessageID(sent[0])
        let counted = await eventually(seconds: 15) {
            (try? await tteok.latestMessages(in: room, limit: 50).messages.first { $0.id == root }?.thread)??.replyCount == 2
        }
        XCTAssertTrue(counted, "the root counts nio's thread replies")
        let page = try await tteok.latestMessages(in: room, limit: 50)
        XCTAssertEqual(page.texts.filter { $0.contains("river") || $0.contains("market") }, [], "thread replies do not flood the room")
        XCTAssertTrue(page.texts.contains("back in the room"))
        let live = await recorder.first(within: 15) { event in
            guard case .messagesAdded(_, let messages) = event else { return false }
            return messages.contains { $0.id.raw == sent[2] && $0.thread == .reply(root: root) }
        }
        XCTAssertNotNil(live, "the reply arrives live, marked with its root, for an open thread")

        let thread = try await tteok.thread(root, in: room, limit: 50)
        XCTAssertEqual(thread.root.content, .text("where shall we eat?"))
        XCTAssertEqual(thread.replies.map(\.content), [.text("the place by the river"), .text("or 떡볶이 at the market")])
        let named = try await tteok.thread(MessageID(sent[1]), in: room, limit: 50)
        XCTAssertEqual(named.root.id, root, "a reply names its thread")

        let mine = try await tteok.replyInThread("river it is", root: root, in: room)
        XCTAssertEqual(mine.delivery, .delivered)
        XCTAssertEqual(mine.thread, .reply(root: root))
        let after = try await tteok.latestMessages(in: room, limit: 50)
        XCTAssertFalse(after.messages.contains { $0.id == mine.id }, "my thread reply is no line of the room either")
        XCTAssertEqual(after.messages.first { $0.id == root }?.thread?.replyCount, 3)

        // nio reads it as m.thread, with the m.in_reply_to fallback to the thread's newest event.
        let mineID = try await XCTUnwrap(tteok.active).cache.eventID(of: mine.id.raw)
        let seen = try peer.events(in: room.raw)
        let event = try XCTUnwrap(seen.first { $0["event_id"] as? String == mineID }, "\(seen)")
        XCTAssertEqual(event["sender"] as? String, user.userID)
        let relation = try XCTUnwrap((event["content"] as? [String: Any])?["m.relates_to"] as? [String: Any])
        XCTAssertEqual(relation["rel_type"] as? String, "m.thread")
        XCTAssertEqual(relation["event_id"] as? String, sent[0])
        XCTAssertEqual(relation["is_falling_back"] as? Bool, true)
        XCTAssertEqual((relation["m.in_reply_to"] as? [String: Any])?["event_id"] as? String, sent[2])
        await fixture.close()
    }

    /// A member who joins later has none of the thread cached: the view asks the server
    /// (`/relations` for the replies, `/event` for a root older than what is cached).
    func testAThreadNotCachedIsFetchedWhole() async throws {
        let fixture = try MatrixFixture()
        let owner = try await SynapseUser.register(on: fixture.server)
        let room = ChannelID(try await owner.createRoom(name: "old thread \(SynapseServer.randomName())"))
        let peer = NioPeer(user: owner, store: fixture.directory.file("nio"))
        var steps: [NioStep] = [.text("an old question")]
        steps += (1...3).map { NioStep.thread(root: .step(0), "old answer \($0)") }
        steps += (1...30).map { NioStep.text("later chatter \($0)") }
        let sent = try peer.send(steps, to: room.raw)

        let (late, _) = try await fixture.member("late")
        _ = try await late.latestMessages(in: room, limit: 5)
        let cachedRoot = try await late.active?.cache.event(sent[0])
        XCTAssertNil(cachedRoot, "the root is older than what the late member has cached")
        let thread = try await late.thread(MessageID(sent[0]), in: room, limit: 50)
        XCTAssertEqual(thread.root.content, .text("an old question"))
        XCTAssertEqual(thread.root.thread?.replyCount, 3)
        XCTAssertEqual(thread.replies.map(\.content.summary), ["old answer 1", "old answer 2", "old answer 3"])
        let page = try await late.latestMessages(in: room, limit: 6)
        XCTAssertEqual(page.texts, (26...30).map { "later chatter \($0)" }, "fetched thread replies are no lines of the room")
        XCTAssertEqual(page.messages.last?.content.summary, "joined", "the late member's join is the newest line")
        await assertThrows(.noSuchMessage) { _ = try await late.thread(MessageID("$nosuchevent"), in: room, limit: 5) }
        await fixture.close()
    }
}
