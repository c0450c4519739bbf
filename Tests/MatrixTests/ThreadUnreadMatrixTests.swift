import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// A thread's own unread count on Matrix (issue 17; MSC3773, spec v1.4), against the real Synapse
/// with matrix-nio posting the thread replies: the root shows the server's count for its thread
/// (`└ 2 replies · 2 new`, as on the community), reading the room clears only the main
/// timeline's count, a threaded receipt from another device clears the thread's here, a new
/// reply raises it live, and reading the thread clears it at once and on the server. Before,
/// the root never said how many replies were new on Matrix.
final class ThreadUnreadMatrixTests: XCTestCase {
    func testAThreadsOwnUnreadCountIsTheServersAndClearsOnlyInTheThread() async throws {
        let fixture = try MatrixFixture()
        let (tteok, user) = try await fixture.member("tteok")
        let peer = NioPeer(user: try await SynapseUser.register(on: fixture.server), store: fixture.directory.file("nio"))
        let room = ChannelID(try await peer.user.createRoom(name: "thread unread \(SynapseServer.randomName())"))
        _ = try await tteok.latestMessages(in: room, limit: 5)
        let sent = try peer.send([.text("lunch?"), .thread(root: .step(0), "noodles"), .thread(root: .step(0), "or rice"), .text("meanwhile")],
                                 to: room.raw)
        let root = MessageID(sent[0])
        let counted = await eventually(seconds: 15) { await self.position(of: root, in: room, tteok) == .root(replyCount: 2, unread: 2) }
        let shown = await position(of: root, in: room, tteok)
        XCTAssertTrue(counted, "the root shows the server's count of its thread: \(String(describing: shown))")

        try await tteok.markRead(room)
        let split = await eventually(seconds: 10) {
            let counts = try? await user.threadedNotificationCounts(in: room.raw)
            return counts?.main == 0 && counts?.threads == [sent[0]: 2]
        }
        let counts = try await user.threadedNotificationCounts(in: room.raw)
        XCTAssertTrue(split, "reading the room clears its main timeline only: \(counts)")
        let badge = try await tteok.unreadCount(in: room)
        XCTAssertEqual(badge, 0, "the room's badge is its main timeline's count")
        let kept = await position(of: root, in: room, tteok)
        XCTAssertEqual(kept, .root(replyCount: 2, unread: 2), "the thread keeps its count")

        // Another device of the same account reads the thread: the next sync clears it here.
        try await user.markRead(sent[2], in: room.raw, thread: sent[0])
        let readElsewhere = await eventually(seconds: 15) { await self.position(of: root, in: room, tteok) == .root(replyCount: 2, unread: 0) }
        XCTAssertTrue(readElsewhere, "a threaded receipt from another device clears the thread's count")

        let recorder = EventRecorder(tteok)
        _ = try peer.send([.thread(root: .event(sent[0]), "and dumplings")], to: room.raw)
        let raised = await recorder.first(within: 15) { event in
            guard case .messageUpdated(let message) = event else { return false }
            return message.id == root && message.thread == .root(replyCount: 3, unread: 1)
        }
        XCTAssertNotNil(raised, "a new reply raises the root's count live")

        try await tteok.markThreadRead(root, in: room)
        let cleared = await position(of: root, in: room, tteok)
        XCTAssertEqual(cleared, .root(replyCount: 3, unread: 0), "reading the thread clears its count at once")
        let serverCleared = await eventually(seconds: 10) { (try? await user.notificationCount(in: room.raw)) == 0 }
        let total = try await user.notificationCount(in: room.raw)
        XCTAssertTrue(serverCleared, "and on the server: \(String(describing: total))")
        let unreadAgain = await position(of: root, in: room, tteok)
        XCTAssertEqual(unreadAgain, .root(replyCount: 3, unread: 0))
        recorder.cancel()
        await fixture.close()
    }

    /// Where the message `id` stands in a thread, as the room's newest page shows it.
    private func position(of id: MessageID, in room: ChannelID, _ service: MatrixService) async -> ThreadPosition? {
        try? await service.latestMessages(in: room, limit: 20).messages.first { $0.id == id }?.thread
    }
}
