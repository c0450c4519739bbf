import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// Reading end-to-end encrypted rooms (issue 18, first slice) with matrix-nio and real Megolm as
/// the other client: what nio sends after tteok's device keys are on the server reads as plain
/// text — live, from history, after a restart with the same device — and a message that arrives
/// before its key is a placeholder until the key comes, then decrypted in place.
final class EndToEndDecryptionTests: XCTestCase {
    private func texts(_ service: MatrixService, _ room: ChannelID) async -> [String] {
        ((try? await service.latestMessages(in: room, limit: 50).texts) ?? [])
    }

    private func waitForTexts(_ service: MatrixService, _ room: ChannelID, _ wanted: [String], seconds: Double = 20) async -> [String] {
        var shown: [String] = []
        _ = await eventually(seconds: seconds) {
            shown = await self.texts(service, room)
            return wanted.allSatisfy(shown.contains)
        }
        return shown
    }

    func testMessagesSentAfterTheDeviceKeysReadLiveFromHistoryAndAfterARestart() async throws {
        let fixture = try MatrixFixture()
        let user = try await SynapseUser.register(on: fixture.server)
        let peer = NioPeer(user: try await SynapseUser.register(on: fixture.server), store: fixture.directory.file("nio"))
        let made = try peer.createEncryptedRoom(name: "e2e \(SynapseServer.randomName())", invite: [user.userID],
                                                texts: ["sent before tteok had a device"])
        let room = ChannelID(made.room)

        let tteok = fixture.service("tteok")
        _ = try await tteok.logIn(identifier: user.localpart, password: user.password)
        await tteok.catchUp()
        let device = try XCTUnwrap(tteok.active?.encryption?.crypto.identity)
        _ = try await tteok.latestMessages(in: room, limit: 20)
        _ = try peer.sendEncrypted(["after the keys", "비밀 이야기 🤫"], to: made.room)

        var shown = await waitForTexts(tteok, room, ["after the keys", "비밀 이야기 🤫"])
        XCTAssertTrue(shown.contains("after the keys") && shown.contains("비밀 이야기 🤫"), "live: \(shown)")
        XCTAssertEqual(shown.first, MessageContent.encryptedPlaceholder, "no key was ever shared for the first: \(shown)")

        // A restart: a new process on the same files keeps the device and its keys.
        _ = tteok.end()
        let restarted = fixture.service("tteok")
        guard case .member = await restarted.restoreSession() else { return XCTFail("session not restored") }
        await restarted.catchUp()
        XCTAssertEqual(restarted.active?.encryption?.crypto.identity, device, "the same device id and keys after a restart")
        _ = try peer.sendEncrypted(["after the restart"], to: made.room)
        shown = await waitForTexts(restarted, room, ["after the keys", "비밀 이야기 🤫", "after the restart"])
        XCTAssertTrue(shown.contains("after the restart") && shown.contains("after the keys"), "after a restart: \(shown)")

        // From history: the cached timeline forgotten, the same events come back by /messages.
        try await XCTUnwrap(restarted.active).cache.resetTimeline(room.raw)
        shown = await waitForTexts(restarted, room, ["after the keys", "비밀 이야기 🤫", "after the restart"])
        XCTAssertEqual(Array(shown.suffix(4)), [MessageContent.encryptedPlaceholder, "after the keys", "비밀 이야기 🤫", "after the restart"],
                       "from history, in order")
        await fixture.close()
    }

    func testAMessageThatArrivesBeforeItsKeyIsDecryptedInPlace() async throws {
        let fixture = try MatrixFixture()
        let user = try await SynapseUser.register(on: fixture.server)
        let peer = NioPeer(user: try await SynapseUser.register(on: fixture.server), store: fixture.directory.file("nio"))
        let made = try peer.createEncryptedRoom(name: "e2e late \(SynapseServer.randomName())", invite: [user.userID])
        let room = ChannelID(made.room)
        let tteok = fixture.service("tteok")
        _ = try await tteok.logIn(identifier: user.localpart, password: user.password)
        await tteok.catchUp()
        _ = try await tteok.latestMessages(in: room, limit: 20)
        let recorder = EventRecorder(tteok)

        let later = try peer.sendWithKeyLater(["early bird"], to: made.room)
        let eventID = try XCTUnwrap(later.eventIDs.first)
        var reason: String?
        let placeholder = await eventually(seconds: 20) {
            reason = try? await tteok.active?.cache.undecryptedReason(eventID)
            return reason != nil
        }
        XCTAssertTrue(placeholder, "the message arrived and is kept as a placeholder")
        XCTAssertEqual(reason, UndecryptableReasonText.unknownSession, "its reason")
        let before = await texts(tteok, room)
        XCTAssertEqual(before.last, MessageContent.encryptedPlaceholder, "\(before)")
        let waiting = try await tteok.latestMessages(in: room, limit: 20).messages.last
        XCTAssertEqual(waiting?.content, .encrypted(reason: UndecryptableReasonText.unknownSession), "the placeholder says why")

        let shared = try later.share()
        XCTAssertTrue(shared.contains { $0.hasPrefix(user.userID + "/") }, "nio sent the key to tteok's device: \(shared)")
        let shown = await waitForTexts(tteok, room, ["early bird"])
        XCTAssertEqual(shown.last, "early bird", "decrypted in place, where the placeholder was: \(shown)")
        let updated = await recorder.first(within: 10) {
            if case .messageUpdated(let message) = $0 { return message.content == .text("early bird") }
            return false
        }
        XCTAssertNotNil(updated, "the open chat is told the message changed")
        let decrypted = try await tteok.latestMessages(in: room, limit: 20).messages.last
        XCTAssertEqual(decrypted?.senderTrust, .unverified, "decrypted in place, from nio's device, never verified")
        let left = try await tteok.active?.cache.undecryptedReason(eventID)
        XCTAssertNil(left, "nothing left waiting")
        recorder.cancel()
        await fixture.close()
    }
}

/// The placeholder reasons as the crypto module words them.
enum UndecryptableReasonText {
    static let unknownSession = "the key for it has not arrived (yet)"
}
