import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// Threads in an end-to-end encrypted room (issue 17): nio's encrypted `m.thread` replies show
/// in tteok's thread once decrypted, and tteok's reply in a thread goes encrypted with its
/// relation in the clear beside the ciphertext, which nio decrypts as `m.thread`.
final class EncryptedThreadTests: XCTestCase {
    func testEncryptedThreadRepliesBothWays() async throws {
        let fixture = try MatrixFixture()
        let setUp = try await fixture.encryptedRoomWithPeer("e2e threads")
        let (tteok, peer, made, room) = (setUp.tteok, setUp.peer, setUp.made, setUp.room)
        let active = try XCTUnwrap(tteok.active)

        let sent = try peer.send([.text("secret root"), .thread(root: .step(0), "secret thread reply")], to: made.room)
        let decrypted = await eventually(seconds: 30) {
            (try? await tteok.thread(MessageID(sent[0]), in: room, limit: 10).replies.map(\.content)) == [.text("secret thread reply")]
        }
        XCTAssertTrue(decrypted, "nio's encrypted thread reply shows in the thread, decrypted")
        let page = try await tteok.latestMessages(in: room, limit: 10)
        XCTAssertEqual(page.messages.first { $0.id.raw == sent[0] }?.thread?.replyCount, 1)
        XCTAssertFalse(page.texts.contains("secret thread reply"), "not in the room's timeline")

        let mine = try await tteok.replyInThread("my secret in the thread", root: MessageID(sent[0]), in: room)
        XCTAssertEqual(mine.delivery, .delivered)
        let myEvent = try await active.cache.eventID(of: mine.id.raw)
        let server = try await active.client.messages(in: made.room, from: nil, limit: 20).chunk
        let onServer = try XCTUnwrap(server.first { $0.event_id == myEvent })
        XCTAssertEqual(onServer.type, "m.room.encrypted")
        XCTAssertEqual(onServer.relatesTo?.rel_type, "m.thread", "the relation is in the clear, for the server's aggregation")
        let raw = String(decoding: try JSONEncoder().encode(onServer.content.json), as: UTF8.self)
        XCTAssertFalse(raw.contains("my secret"), raw)

        var events: [[String: Any]] = []
        let read = await eventually(seconds: 30) {
            events = (try? peer.decryptedEvents(in: made.room)) ?? []
            return events.contains { $0["event_id"] as? String == myEvent && $0["decrypted"] as? Bool == true }
        }
        XCTAssertTrue(read, "nio decrypted tteok's thread reply: \(events)")
        let content = events.first { $0["event_id"] as? String == myEvent }?["content"] as? [String: Any]
        XCTAssertEqual(content?["body"] as? String, "my secret in the thread")
        let relation = content?["m.relates_to"] as? [String: Any]
        XCTAssertEqual(relation?["rel_type"] as? String, "m.thread")
        XCTAssertEqual(relation?["event_id"] as? String, sent[0])
        await fixture.close()
    }
}
