import ChatCore
import Foundation
import MatrixCrypto
import TestSupport
import XCTest
@testable import Matrix

/// Key requests between two tteok devices of the same person on Synapse (issue 18): a new device
/// that cannot read an old message asks the person's other devices; the first device forwards the
/// key only to a device of the person that is verified (here cross-signed after `keys restore`),
/// and the message is decrypted in place; an unverified device of the same person asks in vain.
final class RoomKeyRequestTests: XCTestCase {
    func testAVerifiedOwnDeviceGetsTheKeyAndAnUnverifiedOneDoesNot() async throws {
        let fixture = try MatrixFixture()
        let (first, user) = try await fixture.member("first")
        await first.catchUp()
        let setUp = try await first.setUpCrossSigning(password: user.password)
        let recoveryKey = try XCTUnwrap(setUp.recoveryKey)
        let peer = NioPeer(user: try await SynapseUser.register(on: fixture.server), store: fixture.directory.file("nio"))
        let room = ChannelID(try peer.createEncryptedRoom(name: "keys \(SynapseServer.randomName())", invite: [user.userID]).room)
        _ = try await first.latestMessages(in: room, limit: 5)
        _ = try peer.sendEncrypted(["only the first device got this key"], to: room.raw)
        let firstReads = await eventually(seconds: 20) { (try? await first.latestMessages(in: room, limit: 5).texts) == ["only the first device got this key"] }
        XCTAssertTrue(firstReads)

        // Two new devices read a placeholder and ask; the first device refuses both (neither is verified).
        let second = try await fixture.newDevice("second", of: user)
        let unverified = try await fixture.newDevice("unverified", of: user)
        for device in [second, unverified] {
            let texts = try await device.latestMessages(in: room, limit: 5).texts
            XCTAssertEqual(texts, [MessageContent.encryptedPlaceholder], "a placeholder before the key: \(texts)")
        }
        // The second is cross-signed by the recovery key, and asks again.
        let recovered = try await second.restoreKeyBackup(recoveryKey: recoveryKey)
        XCTAssertTrue(recovered.crossSigned, "the second device is cross-signed")
        let decrypted = await eventually(seconds: 30) {
            await first.catchUp()
            await second.catchUp()
            return (try? await second.latestMessages(in: room, limit: 5).texts) == ["only the first device got this key"]
        }
        XCTAssertTrue(decrypted, "the first device forwarded the key to the verified second device")
        // The first device took the unverified device's request before the second's asking again
        // (to-device messages arrive in order), and refused it: a forward would be there by now.
        await unverified.catchUp()
        let stillHidden = try await unverified.latestMessages(in: room, limit: 5).texts
        XCTAssertEqual(stillHidden, [MessageContent.encryptedPlaceholder], "an unverified device of the same person gets no key")
        await fixture.close()
    }
}
