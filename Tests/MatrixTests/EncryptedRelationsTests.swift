import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// Edits and reactions in an end-to-end encrypted room (issue 17): they go through the outbox
/// that encrypts, so the server holds only `m.room.encrypted` (the reaction's emoji not even in
/// the cleartext relation), nio decrypts them as the same `m.replace` and `m.annotation`, tteok
/// shows them at once, and taking a reaction back redacts it.
final class EncryptedRelationsTests: XCTestCase {
    func testEditsAndReactionsGoEncryptedAndNioDecryptsTheSameRelation() async throws {
        let fixture = try MatrixFixture()
        let setUp = try await fixture.encryptedRoomWithPeer("e2e relations", texts: ["nio's secret"])
        let (tteok, user, peer, made, room) = (setUp.tteok, setUp.user, setUp.peer, setUp.made, setUp.room)
        let active = try XCTUnwrap(tteok.active)

        let mine = try await tteok.send("tpyo", to: room)
        try await tteok.edit(mine.id, in: room, to: "typo fixed")
        let niosMessage = MessageID(made.eventIDs[0])
        try await tteok.react(to: niosMessage, in: room, with: "🎉")
        try await tteok.react(to: niosMessage, in: room, with: "🙈")
        try await tteok.removeReaction("🙈", from: niosMessage, in: room)

        // tteok shows them at once, from what the outbox acknowledged.
        let page = try await tteok.latestMessages(in: room, limit: 10)
        XCTAssertEqual(page.messages.first { $0.id == mine.id }?.content, .text("typo fixed"))
        XCTAssertTrue(page.messages.first { $0.id == mine.id }?.isEdited == true)
        XCTAssertEqual(page.messages.first { $0.id == niosMessage }?.reactions, [ReactionCount(key: "🎉", count: 1, mine: true)])
        XCTAssertEqual(page.messages.count { $0.content.summary.hasPrefix("* ") }, 0, "the edit is no line of its own")

        // The server holds only ciphertext from tteok; the reaction's emoji is not in the clear.
        let server = try await active.client.messages(in: made.room, from: nil, limit: 50).chunk
        let fromTteok = server.filter { $0.sender == user.userID && $0.type != "m.room.member" }
        XCTAssertEqual(Set(fromTteok.map(\.type)), ["m.room.encrypted", MatrixCache.redactionType], "\(fromTteok.map(\.type))")
        let raw = String(decoding: try JSONEncoder().encode(fromTteok.map(\.content.json)), as: UTF8.self)
        XCTAssertFalse(raw.contains("🎉") || raw.contains("typo fixed") || raw.contains("\\ud83c\\udf89"), raw)

        // nio decrypts the same relations.
        let myEvent = try await active.cache.eventID(of: mine.id.raw)
        var decrypted: [[String: Any]] = []
        let read = await eventually(seconds: 30) {
            decrypted = (try? peer.decryptedEvents(in: made.room)) ?? []
            return decrypted.contains { ($0["content"] as? [String: Any])?["m.new_content"] != nil }
        }
        XCTAssertTrue(read, "nio decrypted the edit: \(decrypted)")
        let edit = decrypted.first { ($0["content"] as? [String: Any])?["m.new_content"] != nil }
        let editContent = edit?["content"] as? [String: Any]
        XCTAssertEqual(edit?["decrypted"] as? Bool, true)
        XCTAssertEqual((editContent?["m.new_content"] as? [String: Any])?["body"] as? String, "typo fixed")
        XCTAssertEqual((editContent?["m.relates_to"] as? [String: Any])?["rel_type"] as? String, "m.replace")
        XCTAssertEqual((editContent?["m.relates_to"] as? [String: Any])?["event_id"] as? String, myEvent)
        let reactions = decrypted.filter { $0["type"] as? String == "m.reaction" && $0["decrypted"] as? Bool == true }
        let relation = reactions.compactMap { ($0["content"] as? [String: Any])?["m.relates_to"] as? [String: Any] }
        XCTAssertTrue(relation.contains { $0["key"] as? String == "🎉" && $0["event_id"] as? String == made.eventIDs[0]
            && $0["rel_type"] as? String == "m.annotation" }, "nio decrypted the reaction: \(decrypted)")
        XCTAssertFalse(relation.contains { $0["key"] as? String == "🙈" }, "the reaction taken back is redacted: \(relation)")

        // A restart reads the same from the cache.
        _ = tteok.end()
        let restarted = fixture.service("tteok")
        guard case .member = await restarted.restoreSession() else { return XCTFail("session not restored") }
        let again = try await restarted.latestMessages(in: room, limit: 10)
        XCTAssertEqual(again.messages.first { $0.id == niosMessage }?.reactions, [ReactionCount(key: "🎉", count: 1, mine: true)])
        XCTAssertEqual(again.messages.first { $0.id == mine.id }?.content, .text("typo fixed"))
        await fixture.close()
    }
}
