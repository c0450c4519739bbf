import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// Issue 17: my own message was known by its transaction id, so the `replyTo` of another
/// client's reply to it matched no message of mine, and a script could not name it to nio. Once
/// the server's event id is known (the send's answer or the sync's echo), it is the message's id
/// everywhere: the returned message, the live events, the cache after a restart, and the targets
/// of replies, edits, reactions and deletion.
final class OwnMessageIDTests: XCTestCase {
    /// The event id the server gave the message of `sender` with `body`, as nio reads the room.
    private func eventID(of body: String, by sender: String, _ peer: NioPeer, in room: ChannelID) throws -> String {
        let event = try peer.events(in: room.raw).first { event in
            event["sender"] as? String == sender && (event["content"] as? [String: Any])?["body"] as? String == body
        }
        return try XCTUnwrap(event?["event_id"] as? String, "nio sees \(body)")
    }

    /// Shown failing on the old code: the sent message's id was its transaction id (no `$`), and
    /// the reply's `replyTo.parentID` named no message on the page.
    func testAnotherClientsReplyToMyMessageNamesItsID() async throws {
        let fixture = try MatrixFixture()
        let (tteok, user) = try await fixture.member("tteok")
        let (owner, room) = try await fixture.openedRoom("own-ids", for: tteok)
        let peer = NioPeer(user: owner, store: fixture.directory.file("nio"))
        let recorder = EventRecorder(tteok)

        let sent = try await tteok.send("my own words", to: room)
        let serverID = try eventID(of: "my own words", by: user.userID, peer, in: room)
        XCTAssertEqual(sent.delivery, .delivered)
        XCTAssertEqual(sent.id.raw, serverID, "the message tteok returns is known by its event id")
        XCTAssertNotNil(sent.pendingID, "it names the pending line it replaces")

        let reply = try peer.send([.reply(to: .event(serverID), "nio answers", fallback: true, quoteSender: user.userID,
                                          quoteBody: "my own words")], to: room.raw)[0]
        let arrived = await recorder.first(within: 15) { event in
            guard case .messagesAdded(_, let added) = event else { return false }
            return added.contains { $0.id.raw == reply && $0.replyTo?.parentID == sent.id }
        }
        XCTAssertNotNil(arrived, "the live reply names my message by the id tteok gave it: \(recorder.all)")
        try assertReplyMatches(try await tteok.latestMessages(in: room, limit: 20), reply: reply, mine: sent.id, by: user.userID)

        // tteok's own relations to it, by that id, reach nio as relations to the event.
        let answer = try await tteok.reply("answering myself", to: sent.id, in: room)
        try await tteok.react(to: sent.id, in: room, with: "👍")
        try await tteok.edit(sent.id, in: room, to: "my own words, edited")
        let seen = try peer.events(in: room.raw).filter { $0["sender"] as? String == user.userID }
        let targets = seen.compactMap { event -> String? in
            let relation = (event["content"] as? [String: Any])?["m.relates_to"] as? [String: Any]
            return relation?["event_id"] as? String ?? (relation?["m.in_reply_to"] as? [String: Any])?["event_id"] as? String
        }
        XCTAssertEqual(targets, [serverID, serverID, serverID], "reply, reaction and edit name the event: \(seen)")
        XCTAssertTrue(answer.id.raw.hasPrefix("$"), "my reply too is known by its event id: \(answer.id)")
        XCTAssertEqual(answer.replyTo?.parentID, sent.id)
        _ = tteok.end()

        let restarted = fixture.service("tteok")
        guard case .member = await restarted.restoreSession() else { return XCTFail("session not restored") }
        let again = try await restarted.latestMessages(in: room, limit: 20)
        try assertReplyMatches(again, reply: reply, mine: sent.id, by: user.userID)
        let edited = try XCTUnwrap(again.messages.first { $0.id == sent.id })
        XCTAssertEqual(edited.content, .text("my own words, edited"))
        XCTAssertEqual(edited.reactions.first?.key, "👍")
        try await restarted.delete(sent.id, in: room)
        let deleted = await eventually(seconds: 15) {
            (try? await restarted.latestMessages(in: room, limit: 20).messages.first { $0.id == sent.id }?.isDeleted) == true
        }
        XCTAssertTrue(deleted, "deleted by its event id after a restart")
        recorder.cancel()
        await fixture.close()
    }

    private func assertReplyMatches(_ page: MessagePage, reply: String, mine: MessageID, by me: String, line: UInt = #line) throws {
        let shown = try XCTUnwrap(page.messages.first { $0.id.raw == reply }, line: line)
        XCTAssertEqual(shown.replyTo?.parentID, mine, line: line)
        XCTAssertEqual(shown.content, .text("nio answers"), "the fallback is stripped", line: line)
        XCTAssertTrue(page.messages.contains { $0.id == mine && $0.senderID.raw == me }, "the parent is on the page under that id",
                      line: line)
    }

    /// A message written offline is pending under its transaction id; when the link returns, the
    /// delivered message announced for it carries its event id and names the pending id it was.
    func testAMessageSentOfflineTakesItsEventIDWhenDelivered() async throws {
        let fixture = try MatrixFixture()
        let link = SwitchableLink()
        let (tteok, user) = try await fixture.member("tteok", transport: link)
        let (owner, room) = try await fixture.openedRoom("own-ids-offline", for: tteok)
        let recorder = EventRecorder(tteok)

        link.isUp = false
        let queued = try await tteok.send("written offline", to: room)
        XCTAssertEqual(queued.delivery, .pending)
        XCTAssertFalse(queued.id.raw.hasPrefix("$"), "pending, it has only its transaction id")
        link.isUp = true
        let delivered = await recorder.first(within: 40) { event in
            switch event {
            case .messageUpdated(let message): return message.pendingID == queued.id && message.delivery == .delivered
            case .messagesAdded(_, let added): return added.contains { $0.pendingID == queued.id && $0.delivery == .delivered }
            default: return false
            }
        }
        XCTAssertNotNil(delivered, "its delivery is announced with the pending id it replaces: \(recorder.all)")
        let serverID = try eventID(of: "written offline", by: user.userID, NioPeer(user: owner, store: fixture.directory.file("nio")), in: room)
        let shown = try await tteok.latestMessages(in: room, limit: 20).messages.filter { $0.content == .text("written offline") }
        XCTAssertEqual(shown.map(\.id.raw), [serverID], "once, under its event id")
        recorder.cancel()
        await fixture.close()
    }
}
