import Foundation
import XCTest
@testable import MatrixCrypto

/// The SAS machine framed for a room: the request is a room message naming the other user, every
/// later message references the request event (no `transaction_id`), the commitment covers the
/// start as sent, both sides verify each other; a `done` before the MACs, a request to someone
/// else or from ourselves, and a reference to nothing are refused.
final class SasInRoomVerificationTests: XCTestCase {
    private var aliceKeys: DeviceKeys!, bobKeys: DeviceKeys!
    private var aliceID: DeviceIdentity!, bobID: DeviceIdentity!
    private let room = "!dm:localhost", requestID = "$request"

    override func setUpWithError() throws {
        let alice = try SasTestDevice(user: "@alice:localhost", device: "ALICEDEV"), bob = try SasTestDevice(user: "@bob:localhost", device: "BOBDEV")
        (aliceID, aliceKeys, bobID, bobKeys) = (alice.identity, alice.keys, bob.identity, bob.keys)
    }

    private func lookup(_ user: String, _ device: String) -> DeviceKeys? {
        [aliceKeys, bobKeys].compactMap { $0 }.first { $0.userID == user && $0.deviceID == device }
    }

    /// Alice asks Bob in the room; Bob accepts; every message passed on is recorded.
    private func run() throws -> (SasVerification, SasVerification, [VerificationOutgoing]) {
        let content = SasVerification.roomRequestContent(own: aliceID, user: bobID.userID)
        let a = try SasVerification.requested(inRoom: room, requestID: requestID, own: aliceID, user: bobID.userID, deviceKeys: lookup)
        let b = try XCTUnwrap(SasVerification.incoming(roomRequest: content, requestID: requestID, room: room, sender: aliceID.userID,
                                                       own: bobID, deviceKeys: lookup))
        var toA = b.accept(), toB: [VerificationOutgoing] = [], all = toA
        while !toA.isEmpty || !toB.isEmpty {
            toB = toA.flatMap { a.receive($0.message, content: $0.content, sender: bobID.userID) }
            toA = toB.flatMap { b.receive($0.message, content: $0.content, sender: aliceID.userID) }
            all += toB + toA
        }
        return (a, b, all)
    }

    func testTheRequestIsARoomMessageToTheOtherUser() {
        let content = SasVerification.roomRequestContent(own: aliceID, user: bobID.userID)
        XCTAssertEqual(content["msgtype"]?.string, "m.key.verification.request")
        XCTAssertEqual(content["to"]?.string, bobID.userID)
        XCTAssertEqual(content["from_device"]?.string, aliceID.deviceID)
        XCTAssertEqual(content["methods"]?.strings, ["m.sas.v1"])
        XCTAssertNotNil(content["body"]?.string, "clients that cannot verify in a room show its body")
    }

    func testBothSidesVerifyWithEveryMessageReferencingTheRequest() throws {
        let (a, b, exchanged) = try run()
        XCTAssertEqual(exchanged.map(\.message), [.ready, .start, .accept, .key, .key])
        for message in exchanged {
            XCTAssertNil(message.content["transaction_id"], "\(message.message) names no transaction id in a room")
            XCTAssertEqual(SasVerification.referencedRequest(message.content), requestID, "\(message.message) references the request")
        }
        guard case .comparing(let shown, _) = a.phase, case .comparing(let theirs, _) = b.phase else {
            return XCTFail("not comparing: \(a.phase) / \(b.phase)")
        }
        XCTAssertEqual(shown, theirs, "the same emoji on both sides")
        let bobMac = b.confirm()
        let aliceMessages = a.confirm() + bobMac.flatMap { a.receive($0.message, content: $0.content, sender: bobID.userID) }
        XCTAssertEqual(a.phase, .verified(bobKeys))
        _ = aliceMessages.flatMap { b.receive($0.message, content: $0.content, sender: aliceID.userID) }
        XCTAssertEqual(b.phase, .verified(aliceKeys))
        XCTAssertEqual(a.transport, .room(room))
    }

    func testADoneBeforeTheMacsIsOutOfOrderAndOneAfterChangesNothing() throws {
        let (a, _, _) = try run()
        let done = VerificationOutgoing(message: .done, content: .object([:]))
        let answer = a.receive(.done, content: done.content, sender: bobID.userID)
        XCTAssertEqual(answer.map(\.message), [.cancel])
        XCTAssertEqual(answer.first?.content["code"]?.string, "m.unexpected_message")
        XCTAssertEqual(SasVerification.referencedRequest(try XCTUnwrap(answer.first).content), requestID, "the cancel goes into the room")
        // A completed verification: a replayed done is ignored, nothing is sent, it stays verified.
        let (c, d, _) = try run()
        let bobMac = d.confirm()
        _ = c.confirm()
        _ = bobMac.flatMap { c.receive($0.message, content: $0.content, sender: bobID.userID) }
        XCTAssertEqual(c.phase, .verified(bobKeys))
        XCTAssertTrue(c.receive(.done, content: done.content, sender: bobID.userID).isEmpty)
        XCTAssertEqual(c.phase, .verified(bobKeys))
    }

    func testRequestsNotForUsAreNotTaken() throws {
        let toCarol = SasVerification.roomRequestContent(own: aliceID, user: "@carol:localhost")
        XCTAssertNil(try SasVerification.incoming(roomRequest: toCarol, requestID: requestID, room: room, sender: aliceID.userID,
                                                  own: bobID, deviceKeys: lookup), "a request to someone else")
        let fromUs = SasVerification.roomRequestContent(own: bobID, user: bobID.userID)
        XCTAssertNil(try SasVerification.incoming(roomRequest: fromUs, requestID: requestID, room: room, sender: bobID.userID,
                                                  own: bobID, deviceKeys: lookup), "our own request's echo")
        XCTAssertNil(SasVerification.referencedRequest(.object(["m.relates_to": .object(["rel_type": .string("m.annotation"),
                                                                                          "event_id": .string(requestID)])])))
    }

    func testAStartBeforeReadyIsCancelled() throws {
        let a = try SasVerification.requested(inRoom: room, requestID: requestID, own: aliceID, user: bobID.userID, deviceKeys: lookup)
        let start: CryptoJSON = .object(["from_device": .string("BOBDEV"), "method": .string("m.sas.v1"),
                                         "m.relates_to": .object(["rel_type": .string("m.reference"), "event_id": .string(requestID)])])
        XCTAssertEqual(a.receive(.start, content: start, sender: bobID.userID).first?.content["code"]?.string, "m.unexpected_message")
    }
}
