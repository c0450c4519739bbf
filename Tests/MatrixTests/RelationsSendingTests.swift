import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// The rules of adding relations on Matrix (issue 17): an encrypted room gets no plaintext reply,
/// emote, edit or reaction (each would leak words or an emoji: all go encrypted); guests add nothing; a moderator by
/// the room's power levels deletes anyone's message, a member only their own.
final class RelationsSendingTests: XCTestCase {
    func testAnEncryptedRoomGetsNoPlaintextRelation() async throws {
        let fixture = try MatrixFixture()
        let (tteok, user) = try await fixture.member("tteok")
        let (owner, room) = try await fixture.openedRoom("turning", for: tteok)
        let theirs = try await owner.send("written before encryption", to: room.raw)
        let mine = try await tteok.send("mine, before encryption", to: room)
        XCTAssertEqual(mine.delivery, .delivered)
        try await owner.setState("m.room.encryption", ["algorithm": "m.megolm.v1.aes-sha2"], in: room.raw)
        let encrypted = await eventually(seconds: 15) { (try? await tteok.channels().first { $0.id == room }?.isEncrypted) == true }
        XCTAssertTrue(encrypted, "tteok learns the room is encrypted")

        // Replies, emotes, edits and reactions all go through the outbox, which encrypts.
        _ = try await tteok.reply("leaked reply", to: MessageID(theirs), in: room)
        _ = try await tteok.sendEmote("leaked emote", to: room)
        try await tteok.edit(mine.id, in: room, to: "leaked edit")
        try await tteok.react(to: MessageID(theirs), in: room, with: "🙈")

        let seen = try NioPeer(user: owner, store: fixture.directory.file("nio")).events(in: room.raw)
        let fromTteok = seen.filter { $0["sender"] as? String == user.userID }
        XCTAssertEqual(fromTteok.compactMap { $0["type"] as? String }.filter { $0 != "m.room.member" && $0 != "m.room.encrypted" },
                       ["m.room.message"],
                       "only the message from before encryption: \(fromTteok)")
        let raw = String(decoding: try JSONSerialization.data(withJSONObject: fromTteok), as: UTF8.self)
        XCTAssertFalse(raw.contains("leaked") || raw.contains("🙈") || raw.contains("\\ud83d\\ude48"), raw)
        await fixture.close()
    }

    func testGuestsAddNothingAndOnlyAModeratorDeletesOthersMessages() async throws {
        let fixture = try MatrixFixture()
        let (tteok, _) = try await fixture.member("tteok")
        let (owner, room) = try await fixture.openedRoom("moderated", for: tteok)
        let theirs = try await owner.send("the owner's words", to: room.raw)
        _ = try await tteok.latestMessages(in: room, limit: 5)
        await assertThrows(.invalidInput("Only its sender or a moderator can delete a message.")) {
            try await tteok.delete(MessageID(theirs), in: room)
        }

        let levels = try await tteok.active?.cache.room(room.raw)?.powerLevels
        var users = levels?.users ?? [:]
        users[tteok.active?.userID ?? ""] = 50
        try await owner.setState("m.room.power_levels", ["users": users.mapValues { $0 as Any }], in: room.raw)
        let promoted = await eventually(seconds: 15) {
            (try? await tteok.active?.cache.room(room.raw)?.powerLevels?.canRedactOthers(tteok.active?.userID ?? "")) == true
        }
        XCTAssertTrue(promoted)
        try await tteok.delete(MessageID(theirs), in: room)
        let deleted = await eventually(seconds: 15) {
            (try? await tteok.latestMessages(in: room, limit: 5).messages.first { $0.id.raw == theirs }?.isDeleted) == true
        }
        XCTAssertTrue(deleted, "a moderator's deletion shows as deleted")

        let guest = fixture.service("guest")
        try await guest.continueAsGuest()
        await assertThrows(.denied(.guest)) { try await guest.react(to: MessageID(theirs), in: room, with: "👍") }
        await assertThrows(.denied(.guest)) { _ = try await guest.sendEmote("waves", to: room) }
        await fixture.close()
    }
}
