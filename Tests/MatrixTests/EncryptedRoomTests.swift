import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// Encrypted rooms (issue 14, finding 7; issue 18): matrix-nio with real Megolm is the other
/// client. tteok shows what it cannot read as a placeholder, follows the server's badge count,
/// and never sends plaintext into an encrypted room — not from the send path, and not from a
/// message queued before the room turned encrypted (that one goes out encrypted).
final class EncryptedRoomTests: XCTestCase {
    /// A member, and a room nio made encrypted, invited the member to and wrote `texts` into
    /// encrypted; the member has opened (joined) it.
    private func encryptedRoom(_ fixture: MatrixFixture, texts: [String]) async throws -> (MatrixService, SynapseUser, NioPeer, ChannelID) {
        let (tteok, user) = try await fixture.member("tteok")
        let peer = NioPeer(user: try await SynapseUser.register(on: fixture.server), store: fixture.directory.file("nio"))
        let made = try peer.createEncryptedRoom(name: "secret \(SynapseServer.randomName())", invite: [user.userID], texts: texts)
        XCTAssertEqual(made.eventIDs.count, texts.count)
        let room = ChannelID(made.room)
        _ = try await tteok.latestMessages(in: room, limit: 20)
        return (tteok, user, peer, room)
    }

    /// tteok's device keys were on the server before nio wrote, so it reads them (issue 18); the
    /// room's messages sent before a device existed stay placeholders (EndToEndDecryptionTests).
    /// What tteok sends there is encrypted (the server holds no plaintext of it); images, whose
    /// bytes tteok does not encrypt, are refused before any upload.
    func testEncryptedMessagesReadAndOnlyCiphertextIsSentThere() async throws {
        let fixture = try MatrixFixture()
        let (tteok, user, peer, room) = try await encryptedRoom(fixture, texts: ["secret one", "secret two"])

        var page: [String] = []
        let shown = await eventually(seconds: 10) {
            page = (try? await tteok.latestMessages(in: room, limit: 20).texts) ?? []
            return page == ["secret one", "secret two"]
        }
        XCTAssertTrue(shown, "both encrypted messages are decrypted: \(page)")
        let messages = try await tteok.latestMessages(in: room, limit: 20).messages
        XCTAssertTrue(messages.said.allSatisfy { $0.senderID.raw == peer.user.userID })
        XCTAssertEqual(messages.filter { $0.content.isRoomChange && $0.senderID.raw == user.userID }.map(\.content.summary), ["joined"],
                       "tteok's own join is the one line of its own")

        let channel = try await tteok.channel(named: room.raw)
        XCTAssertTrue(channel.isEncrypted)
        let permission = await tteok.permission(in: room)
        XCTAssertEqual(permission, .allowed)
        let sent = try await tteok.send("never plaintext", to: room)
        XCTAssertEqual(sent.delivery, .delivered)
        // An image goes encrypted too (EncryptedAttachmentTests checks the bytes): never a plaintext event.
        let image = ImageUpload(fileName: "leak.png", mimeType: "image/png", data: TestImages.png(width: 2, height: 2), width: 2, height: 2)
        let picture = try await tteok.sendImage(image, to: room)
        XCTAssertEqual(picture.delivery, .delivered)

        let stored = try await peer.user.storedTexts(in: room.raw).filter { $0.sender == user.userID }
        XCTAssertEqual(stored.map(\.body), [], "the server got no plaintext from tteok")
        XCTAssertEqual(try peer.read(room.raw, live: false).texts.last, "never plaintext", "nio decrypts it")
        await fixture.close()
    }

    func testTheBadgeFollowsTheServerCountAndClearsAfterReading() async throws {
        let fixture = try MatrixFixture()
        let (tteok, _, peer, room) = try await encryptedRoom(fixture, texts: [])
        try await tteok.markRead(room)
        _ = try peer.sendEncrypted(["one", "two", "three"], to: room.raw)
        var count = -1
        let counted = await eventually(seconds: 15) {
            count = (try? await tteok.unreadCount(in: room)) ?? -1
            return count == 3
        }
        XCTAssertTrue(counted, "the badge follows the server's notification_count: \(count)")

        _ = try await tteok.latestMessages(in: room, limit: 20)
        try await tteok.markRead(room)
        let cleared = await eventually(seconds: 15) {
            count = (try? await tteok.unreadCount(in: room)) ?? -1
            return count == 0
        }
        XCTAssertTrue(cleared, "reading sends a receipt at the newest event and the count clears: \(count)")
        // The server agrees: a fresh process (its count from the server alone) shows 0 too.
        _ = tteok.end()
        let restarted = fixture.service("tteok")
        guard case .member = await restarted.restoreSession() else { return XCTFail("session not restored") }
        await restarted.catchUp()
        let serverCount = try await restarted.unreadCount(in: room)
        XCTAssertEqual(serverCount, 0)
        await fixture.close()
    }

    /// A message queued while the room was plain goes out encrypted once it is not.
    func testAMessageQueuedBeforeTheRoomTurnedEncryptedIsNotSentAsPlaintext() async throws {
        let fixture = try MatrixFixture()
        let link = SwitchableLink()
        let (tteok, user) = try await fixture.member("tteok", transport: link)
        let (owner, room) = try await fixture.openedRoom("turning", for: tteok)

        link.isUp = false
        let queued = try await tteok.send("queued while the room was plain", to: room)
        XCTAssertEqual(queued.delivery, .pending)
        try await owner.setState("m.room.encryption", ["algorithm": "m.megolm.v1.aes-sha2"], in: room.raw)
        link.isUp = true

        let delivered = await eventually(seconds: 30) {
            (try? await tteok.latestMessages(in: room, limit: 20).messages.first { $0.isNamed(queued.id) }?.delivery) == .delivered
        }
        XCTAssertTrue(delivered, "the queued message went out (encrypted)")
        let stored = try await owner.storedTexts(in: room.raw).filter { $0.sender == user.userID }
        XCTAssertEqual(stored.map(\.body), [], "the server got no plaintext from tteok")
        await fixture.close()
    }

    /// The outbox's own check, with no sync to help: this client never hears of the room's
    /// encryption through `/sync`, so only the server's room state, asked before the send, can
    /// stop the queued message.
    func testTheOutboxAsksTheServerWhenTheSyncHasNotHeard() async throws {
        let fixture = try MatrixFixture()
        let link = SwitchableLink()
        let (tteok, user) = try await fixture.member("tteok", transport: SyncWithheld(link))
        let (owner, room) = try await fixture.openedRoom("unheard", for: tteok)

        link.isUp = false
        let queued = try await tteok.send("queued, never synced", to: room)
        XCTAssertEqual(queued.delivery, .pending)
        try await owner.setState("m.room.encryption", ["algorithm": "m.megolm.v1.aes-sha2"], in: room.raw)
        link.isUp = true  // the outbox's retry timer sends the next pass

        let delivered = await eventually(seconds: 30) {
            (try? await tteok.latestMessages(in: room, limit: 20).messages.first { $0.isNamed(queued.id) }?.delivery) == .delivered
        }
        XCTAssertTrue(delivered, "the queued message went out (encrypted)")
        let stored = try await owner.storedTexts(in: room.raw).filter { $0.sender == user.userID }
        XCTAssertEqual(stored.map(\.body), [], "the server got no plaintext from tteok")
        let channel = try await tteok.channel(named: room.raw)
        XCTAssertTrue(channel.isEncrypted, "what the server said is kept in the cache")
        await fixture.close()
    }
}

/// Passes every request to `inner` but `/sync`, which it holds until the request is cancelled:
/// a client whose sync never answers.
private struct SyncWithheld: MatrixTransport {
    let inner: MatrixTransport
    init(_ inner: MatrixTransport) { self.inner = inner }

    func exchange(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        if request.url?.path.hasSuffix("/sync") == true {
            try await Task.sleep(nanoseconds: 3_600_000_000_000)
            throw NetworkFailure.cancelled
        }
        return try await inner.exchange(request)
    }
}
