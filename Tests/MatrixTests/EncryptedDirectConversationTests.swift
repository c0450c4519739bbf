import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// A direct conversation tteok starts is encrypted from its first event, as Element's (issue 18),
/// with matrix-nio and real Megolm as the other person: the room has `m.room.encryption`, the
/// server holds only ciphertext from tteok, nio reads tteok's first message after accepting the
/// invite (the key went to its device while it was only invited), and tteok reads nio's reply.
final class EncryptedDirectConversationTests: XCTestCase {
    private func texts(_ service: MatrixService, _ room: ChannelID) async -> [String] {
        ((try? await service.latestMessages(in: room, limit: 50).texts) ?? [])
    }

    func testANewDirectConversationIsEncryptedBothWays() async throws {
        let fixture = try MatrixFixture()
        let user = try await SynapseUser.register(on: fixture.server)
        let peerUser = try await SynapseUser.register(on: fixture.server)
        let peer = NioPeer(user: peerUser, store: fixture.directory.file("nio"))
        try peer.uploadKeys()

        let tteok = fixture.service("tteok")
        _ = try await tteok.logIn(identifier: user.localpart, password: user.password)
        _ = try await tteok.acceptTerms(version: CommunityTerms.currentVersion)
        await tteok.catchUp()
        let first = try await tteok.sendDirect("처음 보내는 비밀 🔐", to: UserID(peerUser.userID))
        let second = try await tteok.sendDirect("second secret", to: UserID(peerUser.userID))
        let room = first.channelID
        XCTAssertEqual(second.channelID, room, "the same conversation")

        let active = try XCTUnwrap(tteok.active)
        let state = try await active.client.state(room.raw, type: "m.room.encryption", as: JSONValue.self)
        XCTAssertEqual(state, .object(["algorithm": .string("m.megolm.v1.aes-sha2")]), "created encrypted")
        let ids = [try await active.cache.eventID(of: first.id.raw), try await active.cache.eventID(of: second.id.raw)]
        let page = try await active.client.messages(in: room.raw, from: nil, limit: 50)
        let fromTteok = page.chunk.filter { $0.sender == user.userID && ($0.type == "m.room.message" || $0.type == "m.room.encrypted") }
        XCTAssertEqual(fromTteok.map(\.type), ["m.room.encrypted", "m.room.encrypted"], "no plaintext on the server")
        XCTAssertEqual(Set(fromTteok.compactMap(\.event_id)), Set(ids))

        let read = try peer.read(room.raw, live: false, join: true)
        XCTAssertEqual(read.texts, ["처음 보내는 비밀 🔐", "second secret"], "nio decrypts after joining (undecryptable: \(read.undecryptable))")

        _ = try peer.sendEncrypted(["답장도 비밀 🤫"], to: room.raw)
        var shown: [String] = []
        let arrived = await eventually(seconds: 30) {
            shown = await self.texts(tteok, room)
            return shown.contains("답장도 비밀 🤫")
        }
        XCTAssertTrue(arrived, "tteok reads nio's encrypted reply: \(shown)")
        XCTAssertEqual(Array(shown.suffix(3)), ["처음 보내는 비밀 🔐", "second secret", "답장도 비밀 🤫"])
        await fixture.close()
    }
}
