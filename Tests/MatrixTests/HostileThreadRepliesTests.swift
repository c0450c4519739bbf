import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// A hostile homeserver's answer to a thread's `/relations/{root}/m.thread` is taken only for
/// events whose own `m.relates_to` names that root as their thread: a forged event that says it
/// belongs to another thread (or to none) is not filed anywhere. The code before filed any
/// `m.thread` event of the answer under the thread it named, so asking for one thread let the
/// server plant replies in another.
final class HostileThreadRepliesTests: XCTestCase {
    func testARelationsAnswerCannotFileEventsUnderAnotherThread() async throws {
        let fixture = try MatrixFixture()
        let proxy = try FaultProxy(upstream: fixture.server)
        defer { proxy.stop() }
        let (tteok, _) = try await fixture.member("tteok", through: proxy.url)
        let (owner, room) = try await fixture.openedRoom("planted", for: tteok)
        let peer = NioPeer(user: owner, store: fixture.directory.file("nio"))
        let sent = try peer.send([.text("first root"), .thread(root: .step(0), "honest reply"), .text("second root")], to: room.raw)
        let (asked, other) = (sent[0], sent[2])
        let honest = try await tteok.thread(MessageID(asked), in: room, limit: 10)
        XCTAssertEqual(honest.replies.map(\.content.summary), ["honest reply"])

        let planted = Self.forged(id: "$planted-in-second", body: "planted in the second thread", thread: other, sender: owner.userID)
        let unthreaded = Self.forged(id: "$planted-in-room", body: "planted as a line", thread: nil, sender: owner.userID)
        let inAsked = Self.forged(id: "$claims-the-asked-thread", body: "claims the asked thread", thread: asked, sender: owner.userID)
        proxy.set(.answer(json: #"{"chunk":[\#(planted),\#(unthreaded),\#(inAsked)]}"#), matching: "/relations/")
        let answered = try await tteok.thread(MessageID(asked), in: room, limit: 10)
        XCTAssertEqual(Set(answered.replies.map(\.content.summary)), ["honest reply", "claims the asked thread"],
                       "only what names the asked thread is taken into it")

        proxy.heal()
        let second = try await tteok.thread(MessageID(other), in: room, limit: 10)
        XCTAssertEqual(second.replies.map(\.content.summary), [], "nothing was planted in the thread not asked for")
        let lines = try await tteok.latestMessages(in: room, limit: 20).messages.map(\.content.summary)
        XCTAssertFalse(lines.contains("planted as a line"), "nor in the room: \(lines)")
        let root = try await tteok.latestMessages(in: room, limit: 20).messages.first { $0.id.raw == other }
        XCTAssertNil(root?.thread, "the second root counts no reply")
        await fixture.close()
    }

    /// An `m.room.message` as a server would hand it out, in the thread `thread` (none: no relation).
    private static func forged(id: String, body: String, thread: String?, sender: String) -> String {
        let relation = thread.map { #","m.relates_to":{"rel_type":"m.thread","event_id":"\#($0)","is_falling_back":true}"# } ?? ""
        return #"{"event_id":"\#(id)","type":"m.room.message","sender":"\#(sender)","origin_server_ts":1700000000000,"content":{"msgtype":"m.text","body":"\#(body)"\#(relation)}}"#
    }
}
