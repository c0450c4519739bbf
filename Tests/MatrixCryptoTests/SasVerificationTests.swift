import Foundation
import XCTest
@testable import MatrixCrypto

/// Two SAS machines talking to each other in-process: the same emoji on both sides, a device
/// verified only after both confirmed, and every hostile or out-of-order message cancelling with
/// the specification's code.
final class SasVerificationTests: XCTestCase {
    private var aliceKeys: DeviceKeys!, bobKeys: DeviceKeys!
    private var aliceID: DeviceIdentity!, bobID: DeviceIdentity!

    override func setUpWithError() throws {
        let alice = try SasTestDevice(user: "@alice:localhost", device: "ALICEDEV"), bob = try SasTestDevice(user: "@bob:localhost", device: "BOBDEV")
        (aliceID, aliceKeys, bobID, bobKeys) = (alice.identity, alice.keys, bob.identity, bob.keys)
    }

    private func lookup(_ user: String, _ device: String) -> DeviceKeys? {
        [aliceKeys, bobKeys].compactMap { $0 }.first { $0.userID == user && $0.deviceID == device }
    }

    /// Alice asks Bob; Bob accepts; messages are passed until both compare. `tamper` may change
    /// a message on its way (a hostile peer or server).
    private func run(tamper: (VerificationOutgoing) -> VerificationOutgoing = { $0 }) throws -> (SasVerification, SasVerification) {
        let (a, request) = try SasVerification.request(own: aliceID, user: bobID.userID, device: bobID.deviceID, deviceKeys: lookup)
        let b = try XCTUnwrap(SasVerification.incoming(.request, content: request.content, sender: aliceID.userID, own: bobID, deviceKeys: lookup))
        var toA = b.accept(), toB: [VerificationOutgoing] = []
        while !toA.isEmpty || !toB.isEmpty {
            toB = toA.flatMap { a.receive($0.message, content: tamper($0).content, sender: bobID.userID) }
            toA = toB.flatMap { b.receive($0.message, content: tamper($0).content, sender: aliceID.userID) }
        }
        return (a, b)
    }

    private func emoji(_ machine: SasVerification) -> [SasEmoji]? {
        if case .comparing(let emoji, _) = machine.phase { return emoji }
        return nil
    }

    private func cancelCode(_ machine: SasVerification) -> String? {
        if case .cancelled(let cancel) = machine.phase { return cancel.code }
        return nil
    }

    func testBothSidesShowTheSameEmojiAndVerifyEachOtherAfterBothConfirm() throws {
        let (a, b) = try run()
        let shown = try XCTUnwrap(emoji(a))
        XCTAssertEqual(shown.count, 7)
        XCTAssertEqual(emoji(b), shown, "the same seven emoji on both sides")
        // Bob confirms first: his MAC waits at Alice until she confirms too.
        let bobMac = b.confirm()
        XCTAssertEqual(bobMac.map(\.message), [.mac])
        XCTAssertTrue(bobMac.flatMap { a.receive($0.message, content: $0.content, sender: bobID.userID) }.isEmpty)
        XCTAssertNotNil(emoji(a), "not verified before Alice herself confirmed")
        let aliceMessages = a.confirm()
        XCTAssertEqual(aliceMessages.map(\.message), [.mac, .done])
        XCTAssertEqual(a.phase, .verified(bobKeys))
        let bobDone = aliceMessages.flatMap { b.receive($0.message, content: $0.content, sender: aliceID.userID) }
        XCTAssertEqual(bobDone.map(\.message), [.done])
        XCTAssertEqual(b.phase, .verified(aliceKeys))
    }

    func testAMismatchCancelsOnBothSides() throws {
        let (a, b) = try run()
        let cancel = b.mismatch()
        XCTAssertEqual(cancelCode(b), "m.mismatched_sas")
        _ = cancel.flatMap { a.receive($0.message, content: $0.content, sender: bobID.userID) }
        guard case .cancelled(let seen) = a.phase else { return XCTFail("Alice's side is still \(a.phase)") }
        XCTAssertEqual(seen.code, "m.mismatched_sas")
        XCTAssertTrue(seen.byPeer)
        XCTAssertTrue(a.confirm().isEmpty, "nothing is confirmed after a cancellation")
    }

    func testAKeyThatDoesNotMatchItsCommitmentCancels() throws {
        let (a, _) = try run { message in
            guard message.message == .accept, case .object(var fields) = message.content else { return message }
            fields["commitment"] = .string("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")
            return VerificationOutgoing(message: message.message, content: .object(fields))
        }
        XCTAssertEqual(cancelCode(a), "m.mismatched_commitment")
    }

    func testAWrongMacCancelsAndVerifiesNothing() throws {
        let (a, b) = try run()
        var bobMac = try XCTUnwrap(b.confirm().first)
        guard case .object(var fields) = bobMac.content else { return XCTFail() }
        fields["mac"] = .object(["ed25519:BOBDEV": .string("forged")])
        bobMac = VerificationOutgoing(message: .mac, content: .object(fields))
        _ = a.confirm()
        _ = a.receive(.mac, content: bobMac.content, sender: bobID.userID)
        XCTAssertEqual(cancelCode(a), "m.key_mismatch")
    }

    func testAMacOverAnotherKeyCancels() throws {
        // The other device MACs a key that is not its published one (its MAC list checks out).
        let (a, b) = try run()
        bobKeys = DeviceKeys(userID: bobID.userID, deviceID: bobID.deviceID, curve25519: bobID.curve25519,
                             ed25519: try OlmAccountHandle.create().identityKeys().ed25519)
        let bobMac = b.confirm()
        _ = a.confirm()
        _ = bobMac.flatMap { a.receive($0.message, content: $0.content, sender: bobID.userID) }
        XCTAssertEqual(cancelCode(a), "m.key_mismatch")
    }

    func testOutOfOrderMessagesAndStrangersCancel() throws {
        let (a, _) = try SasVerification.request(own: aliceID, user: bobID.userID, device: bobID.deviceID, deviceKeys: lookup)
        _ = a.receive(.key, content: .object(["transaction_id": .string(a.transactionID), "key": .string("x")]), sender: bobID.userID)
        XCTAssertEqual(cancelCode(a), "m.unexpected_message")

        let (c, _) = try SasVerification.request(own: aliceID, user: bobID.userID, device: bobID.deviceID, deviceKeys: lookup)
        _ = c.receive(.ready, content: .object(["from_device": .string("BOBDEV"), "methods": .array([.string("m.sas.v1")])]),
                      sender: "@mallory:localhost")
        XCTAssertEqual(cancelCode(c), "m.user_mismatch")
    }

    func testAStartWithoutTheSupportedMethodsIsCancelled() throws {
        let start: CryptoJSON = .object([
            "transaction_id": .string("t1"), "from_device": .string("BOBDEV"), "method": .string("m.sas.v1"),
            "key_agreement_protocols": .array([.string("curve25519")]), "hashes": .array([.string("sha256")]),
            "message_authentication_codes": .array([.string("hkdf-hmac-sha256")]), "short_authentication_string": .array([.string("emoji")]),
        ])
        let b = try XCTUnwrap(SasVerification.incoming(.start, content: start, sender: bobID.userID, own: aliceID, deviceKeys: lookup))
        XCTAssertEqual(b.accept().map(\.message), [.cancel])
        XCTAssertEqual(cancelCode(b), "m.unknown_method", "the old curve25519 key agreement alone is refused")
    }

    func testTheLegacyMacMethodWorksWhenItIsAllThatIsOffered() throws {
        let start: CryptoJSON = .object([
            "transaction_id": .string("t2"), "from_device": .string("BOBDEV"), "method": .string("m.sas.v1"),
            "key_agreement_protocols": .array([.string("curve25519-hkdf-sha256")]), "hashes": .array([.string("sha256")]),
            "message_authentication_codes": .array([.string("hkdf-hmac-sha256")]), "short_authentication_string": .array([.string("emoji")]),
        ])
        let b = try XCTUnwrap(SasVerification.incoming(.start, content: start, sender: bobID.userID, own: aliceID, deviceKeys: lookup))
        let accept = try XCTUnwrap(b.accept().first)
        XCTAssertEqual(accept.content["message_authentication_code"]?.string, "hkdf-hmac-sha256")
    }

    func testEmojiComeFromTheFirst42BitsSixAtATime() {
        // 0b000000_000001_000010_000011_000100_000101_111111 + 6 spare bits
        let bytes: [UInt8] = [0b0000_0000, 0b0001_0000, 0b1000_0011, 0b0001_0000, 0b0101_1111, 0b1100_0000]
        XCTAssertEqual(SasEmoji.seven(from: bytes).map(\.index), [0, 1, 2, 3, 4, 5, 63])
        XCTAssertEqual(SasEmoji.seven(from: bytes).map(\.name), ["Dog", "Cat", "Lion", "Horse", "Unicorn", "Pig", "Pin"])
        XCTAssertEqual(SasEmoji.table.count, 64)
    }
}
