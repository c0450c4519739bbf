import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// The cache's rules for relations, on a real SQLite file, with events a hostile or older
/// server could send: who may delete what, both places a redaction names its target, and a
/// sync that overlaps a back-page.
final class RelationCacheTests: XCTestCase {
    private func cache() throws -> (MatrixCache, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        return (try MatrixCache(directory: directory.url, homeserver: URL(string: "http://h:1")!, userID: "@me:x"), directory)
    }

    private func text(_ id: String, _ body: String, from sender: String = "@b:x", at ts: Int64 = 1) -> RoomEvent {
        RoomEvent(event_id: id, type: "m.room.message", sender: sender, origin_server_ts: ts,
                  content: .object(["msgtype": .string("m.text"), "body": .string(body)]))
    }

    private func redaction(_ id: String, of target: String, from sender: String, topLevel: Bool = false) -> RoomEvent {
        var event = RoomEvent(event_id: id, type: "m.room.redaction", sender: sender, origin_server_ts: 2,
                              content: .object(topLevel ? [:] : ["redacts": .string(target)]))
        // Before room version 11 the target is beside the content; an empty content is still a
        // live redaction, not a redacted event.
        if topLevel { event.redacts = target; event.content = EventContent(type: event.type, json: .object(["reason": .string("spam")])) }
        return event
    }

    private func sync(_ batch: String, _ timeline: [RoomEvent], limited: Bool = false, prev: String? = nil) -> SyncResponse {
        SyncResponse(next_batch: batch, rooms: .init(join: ["!r": JoinedRoom(timeline: .init(events: timeline, limited: limited, prev_batch: prev))]))
    }

    private func messages(_ cache: MatrixCache) async throws -> [Message] {
        try await cache.events(in: "!r", before: nil, limit: 100).map { DomainMapping.message($0) }
    }

    func testOnlyTheSenderOrAModeratorMayDeleteAMessage() async throws {
        let (cache, directory) = try cache()
        _ = try await cache.apply(sync("s1", [text("$1", "keep me", from: "@b:x"), text("$2", "mine to delete", from: "@b:x")]))
        _ = try await cache.apply(sync("s2", [redaction("$r1", of: "$1", from: "@mallory:x"), redaction("$r2", of: "$2", from: "@b:x", topLevel: true)]))
        var shown = try await messages(cache)
        XCTAssertEqual(shown.map(\.content), [.text("keep me"), .deleted(byModerator: false)],
                       "a stranger's redaction is ignored; the sender's own (old-style `redacts`) applies")

        let levels = RoomEvent(event_id: "$p", type: "m.room.power_levels", sender: "@b:x", origin_server_ts: 3,
                               content: .object(["users": .object(["@mod:x": .number(50)])]), state_key: "")
        _ = try await cache.apply(sync("s3", [levels, redaction("$r3", of: "$1", from: "@mod:x")]))
        shown = try await messages(cache)
        XCTAssertEqual(shown.map(\.content), [.deleted(byModerator: false), .deleted(byModerator: false)], "a moderator by the room's power levels may delete anyone's")
        _ = directory
    }

    func testAnEditBySomeoneElseOrOfTheWrongShapeDoesNotApply() async throws {
        let (cache, directory) = try cache()
        func edit(_ id: String, from sender: String, _ new: [String: JSONValue]) -> RoomEvent {
            RoomEvent(event_id: id, type: "m.room.message", sender: sender, origin_server_ts: 5, content: .object([
                "msgtype": .string("m.text"), "body": .string("* edited"), "m.new_content": .object(new),
                "m.relates_to": .object(["rel_type": .string("m.replace"), "event_id": .string("$1")]),
            ]))
        }
        _ = try await cache.apply(sync("s1", [text("$1", "original")]))
        _ = try await cache.apply(sync("s2", [
            edit("$e1", from: "@mallory:x", ["msgtype": .string("m.text"), "body": .string("forged")]),
            edit("$e2", from: "@b:x", ["body": .string("no msgtype")]),
        ]))
        var shown = try await messages(cache)
        XCTAssertEqual(shown.map(\.content), [.text("original")])
        XCTAssertFalse(shown[0].isEdited)
        _ = try await cache.apply(sync("s3", [edit("$e3", from: "@b:x", ["msgtype": .string("net.tteok.encrypted"), "body": .string("real")])]))
        shown = try await messages(cache)
        XCTAssertEqual(shown.map(\.content), [.text("real")], "an edit cannot make text look like the encrypted placeholder")
        XCTAssertTrue(shown[0].isEdited)
        _ = directory
    }

    func testALimitedSyncOverlappingABackPageKeepsTheTimelineInOrder() async throws {
        let (cache, directory) = try cache()
        let all = (1...60).map { text("$\($0)", "m \($0)", at: Int64($0)) }
        // Opening the room back-paged the newest 20 from the live end before the sync came.
        try await cache.prepend(MessagesResponse(chunk: all.suffix(20).reversed(), start: "t0", end: "t1"), to: "!r")
        _ = try await cache.apply(sync("s1", Array(all.suffix(50)), limited: true, prev: "p1"))
        let bodies = try await messages(cache).map(\.content.summary)
        XCTAssertEqual(bodies, (41...60).map { "m \($0)" }, "older events of the sync are not appended after newer ones")
        _ = directory
    }

    /// The order fix above must not drop messages that arrive in the same sync as our own
    /// message, already stored from the send's answer.
    func testMessagesBeforeOurOwnAcknowledgedMessageAreKept() async throws {
        let (cache, directory) = try cache()
        _ = try await cache.apply(sync("s1", [text("$1", "before", at: 1)]))
        let entry = try await cache.enqueue(MessageEventContent(msgtype: "m.text", body: "mine"), to: "!r", transactionID: "t1", at: Date())
        _ = try await cache.acknowledge(entry, eventID: "$mine", sender: "@me:x")
        var echo = text("$mine", "mine", from: "@me:x", at: 3)
        echo.unsigned = .init(transaction_id: "t1")
        _ = try await cache.apply(sync("s2", [text("$2", "theirs, sent just before mine", at: 2), echo], limited: true, prev: "p"))
        let bodies = try await messages(cache).map(\.content.summary)
        XCTAssertEqual(bodies, ["before", "theirs, sent just before mine", "mine"], "kept, and in the server's order")
        _ = directory
    }

    /// A full-suite run caught it: one member's script posted twice while its first sync, which
    /// carried another's message sent before both, was still on its way; `tteok read` then
    /// showed the other's message between the two for good.
    func testASyncPutsOthersMessagesBetweenOurAcknowledgedOnesInTheServersOrder() async throws {
        let (cache, directory) = try cache()
        _ = try await cache.apply(sync("s1", [text("$0", "earlier", at: 0)]))
        var echoes: [RoomEvent] = []
        for (number, id) in ["$mine1", "$mine2"].enumerated() {
            let transaction = "t\(number)"
            let entry = try await cache.enqueue(MessageEventContent(msgtype: "m.text", body: "mine \(number + 1)"), to: "!r",
                                                transactionID: transaction, at: Date())
            _ = try await cache.acknowledge(entry, eventID: id, sender: "@me:x")
            var echo = text(id, "mine \(number + 1)", from: "@me:x", at: Int64(2 + 2 * number))
            echo.unsigned = .init(transaction_id: transaction)
            echoes.append(echo)
        }
        _ = try await cache.apply(sync("s2", [text("$a", "theirs first", at: 1), echoes[0], text("$b", "theirs between", at: 3), echoes[1]]))
        _ = try await cache.apply(sync("s3", [text("$c", "theirs after", at: 5)]))
        let bodies = try await messages(cache).map(\.content.summary)
        XCTAssertEqual(bodies, ["earlier", "theirs first", "mine 1", "theirs between", "mine 2", "theirs after"])
        // The same sync again (a retried answer) moves nothing.
        _ = try await cache.apply(sync("s2", [text("$a", "theirs first", at: 1), echoes[0], text("$b", "theirs between", at: 3), echoes[1]]))
        let again = try await messages(cache).map(\.content.summary)
        XCTAssertEqual(again, bodies)
        _ = directory
    }

    /// ReconnectTests caught it: with nothing cached but our own message (acknowledged while the
    /// sync was away), that message is the oldest cached one, and the sync's message before it
    /// was taken for one a back-page would bring, and dropped.
    func testAMessageBeforeOurOwnIsKeptWhenOursIsAllThatIsCached() async throws {
        let (cache, directory) = try cache()
        _ = try await cache.apply(sync("s1", []))
        let entry = try await cache.enqueue(MessageEventContent(msgtype: "m.text", body: "mine"), to: "!r", transactionID: "t1", at: Date())
        _ = try await cache.acknowledge(entry, eventID: "$mine", sender: "@me:x")
        var echo = text("$mine", "mine", from: "@me:x", at: 3)
        echo.unsigned = .init(transaction_id: "t1")
        _ = try await cache.apply(sync("s2", [text("$2", "sent while I was away", at: 2), echo]))
        let bodies = try await messages(cache).map(\.content.summary)
        XCTAssertEqual(bodies, ["sent while I was away", "mine"], "kept, and in the server's order")
        _ = directory
    }
}
