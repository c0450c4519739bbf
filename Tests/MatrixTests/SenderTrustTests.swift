import ChatCore
import Foundation
import MatrixCrypto
import TestSupport
import XCTest
@testable import Matrix

/// The trust of an encrypted message's sender as tteok shows it (issue 18): nio's messages come
/// from an unverified device until tteok verifies it by emoji, and then every message of that
/// device — those that came before too — is from a verified one; tteok's own are verified; an
/// undecryptable message carries why; an unencrypted message carries no trust at all.
final class SenderTrustTests: XCTestCase {
    private func trusts(_ service: MatrixService, _ room: ChannelID) async throws -> [String: SenderTrust?] {
        let messages = try await service.latestMessages(in: room, limit: 20).messages
        return Dictionary(messages.map { ($0.content.summary, $0.senderTrust) }, uniquingKeysWith: { $1 })
    }

    func testMessagesFromNioAreUnverifiedUntilItsDeviceIsVerifiedAndThenAllAreVerified() async throws {
        let fixture = try MatrixFixture()
        let (tteok, user) = try await fixture.member("tteok")
        await tteok.catchUp()
        let peerUser = try await SynapseUser.register(on: fixture.server)
        let peer = NioPeer(user: peerUser, store: fixture.directory.file("nio"))
        let made = try peer.createEncryptedRoom(name: "trust \(SynapseServer.randomName())", invite: [user.userID])
        let room = ChannelID(made.room)
        _ = try await tteok.latestMessages(in: room, limit: 20)
        _ = try peer.sendEncrypted(["before verifying"], to: made.room)
        _ = try await tteok.send("mine", to: room)
        let arrived = await eventually(seconds: 30) { (try? await self.trusts(tteok, room))?["before verifying"] != nil }
        XCTAssertTrue(arrived)
        var seen = try await trusts(tteok, room)
        XCTAssertEqual(seen["before verifying"], .unverified, "\(seen)")

        let nio = try peer.verify(.accept, otherUser: user.userID)
        let verification = try await tteok.verify(user: peerUser.userID, device: peer.deviceID, timeout: .seconds(90))
        for await step in verification.steps() {
            if case .compare = step { await verification.answer(match: true) }
            if case .cancelled = step { XCTFail("verification cancelled: \(step)") }
        }
        _ = nio.outcome()
        _ = try peer.sendEncrypted(["after verifying"], to: made.room)
        let after = await eventually(seconds: 30) { (try? await self.trusts(tteok, room))?["after verifying"] != nil }
        XCTAssertTrue(after)
        seen = try await trusts(tteok, room)
        XCTAssertEqual(seen["before verifying"], .verified, "a verification shows on the messages that came before it: \(seen)")
        XCTAssertEqual(seen["after verifying"], .verified)
        XCTAssertEqual(seen["mine"], .verified, "tteok's own echo is from this device: \(seen)")
        await fixture.close()
    }
}
