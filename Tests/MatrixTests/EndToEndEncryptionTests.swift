import ChatCore
import Foundation
import MatrixCrypto
import TestSupport
import XCTest
@testable import Matrix

/// Sending into end-to-end encrypted rooms (issue 18, sending slice) with matrix-nio and real
/// Megolm as the reader: what tteok sends is `m.room.encrypted` on the server and nio decrypts
/// it live and from history, a device nio adds later reads what comes next, and after a restart
/// tteok sends with the same device.
final class EndToEndEncryptionTests: XCTestCase {
    /// The event types of the room's latest events as the server holds them (nothing decrypted).
    private func serverTypes(_ service: MatrixService, _ room: String, _ eventIDs: [String]) async throws -> [String] {
        let page = try await XCTUnwrap(service.active).client.messages(in: room, from: nil, limit: 50)
        return eventIDs.map { id in page.chunk.first { $0.event_id == id }?.type ?? "missing" }
    }

    private func eventID(_ message: Message, _ service: MatrixService) async throws -> String {
        try await XCTUnwrap(service.active).cache.eventID(of: message.id.raw)
    }

    func testNioDecryptsWhatTteokSendsLiveFromHistoryOnANewDeviceAndAfterARestart() async throws {
        let fixture = try MatrixFixture()
        let user = try await SynapseUser.register(on: fixture.server)
        let peerUser = try await SynapseUser.register(on: fixture.server)
        let peer = NioPeer(user: peerUser, store: fixture.directory.file("nio"))
        let made = try peer.createEncryptedRoom(name: "e2e send \(SynapseServer.randomName())", invite: [user.userID])
        let room = ChannelID(made.room)

        let tteok = fixture.service("tteok")
        _ = try await tteok.logIn(identifier: user.localpart, password: user.password)
        _ = try await tteok.acceptTerms(version: CommunityTerms.currentVersion)
        await tteok.catchUp()
        let permission = await tteok.permission(in: room)
        XCTAssertEqual(permission, .allowed, "an encrypted room is no longer refused")
        let first = try await tteok.send("암호화된 안녕 🔐", to: room)
        let second = try await tteok.send("second secret", to: room)
        let ids = [try await eventID(first, tteok), try await eventID(second, tteok)]
        let types = try await serverTypes(tteok, made.room, ids)
        XCTAssertEqual(types, ["m.room.encrypted", "m.room.encrypted"], "no plaintext on the server")

        let live = try peer.read(made.room, live: true, expect: 2)
        XCTAssertEqual(live.texts, ["암호화된 안녕 🔐", "second secret"], "nio decrypts live (undecryptable: \(live.undecryptable))")
        let history = try peer.read(made.room, live: false)
        XCTAssertEqual(history.texts, ["암호화된 안녕 🔐", "second secret"], "nio restarted decrypts from history")
        let shown = try await tteok.latestMessages(in: room, limit: 20).messages.map(\.content.summary)
        XCTAssertEqual(Array(shown.suffix(2)), ["암호화된 안녕 🔐", "second secret"], "tteok reads its own messages")

        // nio adds a device: once tteok's sync hears of it, the next message reaches it too.
        let newDevice = NioPeer(user: peerUser, store: fixture.directory.file("nio-new"), deviceID: "NIONEW")
        _ = try newDevice.read(made.room, live: true, expect: 0)
        let crypto = try XCTUnwrap(tteok.active?.encryption?.crypto)
        let known = await eventually(seconds: 30) { (try? crypto.devices(of: peerUser.userID).map(\.deviceID).contains("NIONEW")) ?? false }
        XCTAssertTrue(known, "tteok learns the new device from device_lists.changed")
        _ = try await tteok.send("for the new device", to: room)
        let onNew = try newDevice.read(made.room, live: false)
        XCTAssertEqual(onNew.texts.last, "for the new device", "the new device reads what tteok sends next: \(onNew)")

        // A restart: the same device sends, and both nio devices read it.
        let device = crypto.identity
        _ = tteok.end()
        let restarted = fixture.service("tteok")
        guard case .member = await restarted.restoreSession() else { return XCTFail("session not restored") }
        await restarted.catchUp()
        XCTAssertEqual(restarted.active?.encryption?.crypto.identity, device, "the same device after a restart")
        let after = try await restarted.send("after the restart", to: room)
        let afterID = try await eventID(after, restarted)
        let afterTypes = try await serverTypes(restarted, made.room, [afterID])
        XCTAssertEqual(afterTypes, ["m.room.encrypted"])
        XCTAssertEqual(try peer.read(made.room, live: false).texts.last, "after the restart")
        XCTAssertEqual(try newDevice.read(made.room, live: false).texts.last, "after the restart")
        await fixture.close()
    }
}
