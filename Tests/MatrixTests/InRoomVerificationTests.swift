import ChatCore
import Foundation
import MatrixCrypto
import TestSupport
import XCTest
@testable import Matrix

/// In-room SAS verification in an encrypted conversation on Synapse, against a peer written from
/// the specification over python-olm (matrix-nio 0.26 has no in-room verification): both
/// directions complete with the same emoji, the steps travel encrypted and are no chat lines
/// (the request shows as one notice); in a room without encryption they go in the clear. A
/// start before ready and a done before the MACs are cancelled `m.unexpected_message`; a
/// to-device message naming the room's transaction is `m.unknown_transaction` and changes
/// nothing; a third member referencing the verification is told `m.user_mismatch` and cannot
/// steer or end it.
final class InRoomVerificationTests: XCTestCase {
    private struct Parties {
        let fixture: MatrixFixture
        let room: EncryptedRoomWithPeer
        let crypto: EndToEndCrypto
        var peerUser: String { room.peer.user.userID }
    }

    private func parties() async throws -> Parties {
        let fixture = try MatrixFixture()
        let room = try await fixture.encryptedRoomWithPeer("verify in room")
        let crypto = try XCTUnwrap(room.tteok.active?.encryption?.crypto)
        return Parties(fixture: fixture, room: room, crypto: crypto)
    }

    private func peerDevice(_ p: Parties) -> DeviceKeys? {
        try? p.crypto.devices(of: p.peerUser).first { $0.deviceID == p.room.peer.deviceID }
    }

    /// The peer listening, tteok asks it in the room.
    private func tteokAsks(_ p: Parties, tamper: NioPeer.RoomTamper? = nil) async throws -> (NioVerification, (emoji: [String]?, last: VerificationStep?)) {
        let peer = try p.room.peer.verifyInRoom(.accept, room: p.room.made.room, tamper: tamper)
        XCTAssertTrue(peer.waitUntilListening(), "the peer never listened")
        let ours = try await p.room.tteok.verify(user: p.peerUser, in: p.room.room, timeout: .seconds(90)).follow()
        return (peer, ours)
    }

    func testTteokAsksInTheRoomThePeerAnswersAndNoStepIsAChatLine() async throws {
        let p = try await parties()
        let (peer, ours) = try await tteokAsks(p)
        let outcome = try XCTUnwrap(peer.outcome(), "the peer gave no outcome")
        XCTAssertEqual(outcome["result"] as? String, "verified", "peer: \(outcome)")
        XCTAssertEqual(ours.last, .verified(user: p.peerUser, device: p.room.peer.deviceID))
        XCTAssertEqual(ours.emoji?.count, 7)
        XCTAssertEqual(ours.emoji, peer.emoji, "the same seven emoji on both sides")
        XCTAssertTrue(try p.crypto.isVerified(try XCTUnwrap(peerDevice(p))), "tteok records the peer's device as verified")

        // On the server: only ciphertext from tteok, each step referencing the request in the clear.
        let active = try XCTUnwrap(p.room.tteok.active)
        let page = try await active.client.messages(in: p.room.made.room, from: nil, limit: 50)
        let fromTteok = page.chunk.filter { $0.sender == p.room.user.userID && $0.state_key == nil }
        XCTAssertEqual(Set(fromTteok.map(\.type)), ["m.room.encrypted"], "no plaintext step on the server")
        XCTAssertGreaterThanOrEqual(fromTteok.count, 5, "request, start, key, mac, done")
        // In the transcript: the request as one notice, no step as a line.
        var lines: [Message] = []
        let noticed = await eventually(seconds: 20) {
            lines = (try? await p.room.tteok.latestMessages(in: p.room.room, limit: 50).messages) ?? []
            return lines.contains { $0.content == .notice(VerificationRequestLine.text) }
        }
        XCTAssertTrue(noticed, "the request never showed as a notice: \(lines.map(\.content))")
        let said = lines.filter { line in
            if case .roomChange = line.content { return false }  // the join
            return line.senderID.raw == p.room.user.userID
        }
        XCTAssertEqual(said.map(\.content), [.notice(VerificationRequestLine.text)], "the request is tteok's one line")
        await p.fixture.close()
    }

    /// In a room without encryption the steps travel in the clear, each referencing the request.
    func testInAPlaintextRoomTheStepsGoInTheClear() async throws {
        let fixture = try MatrixFixture()
        let (tteok, user) = try await fixture.member("tteok")
        let peerUser = try await SynapseUser.register(on: fixture.server)
        let peer = NioPeer(user: peerUser, store: fixture.directory.file("nio"))
        try peer.uploadKeys()
        let room = try await peerUser.createRoom(name: "plain \(SynapseServer.randomName())")
        try await user.join(room)
        await tteok.catchUp()
        let nio = try peer.verifyInRoom(.accept, room: room, plain: true)
        XCTAssertTrue(nio.waitUntilListening(), "the peer never listened")
        let ours = try await tteok.verify(user: peerUser.userID, in: ChannelID(room), timeout: .seconds(90)).follow()
        XCTAssertEqual(try XCTUnwrap(nio.outcome())["result"] as? String, "verified")
        XCTAssertEqual(ours.last, .verified(user: peerUser.userID, device: peer.deviceID))
        XCTAssertEqual(ours.emoji, nio.emoji)
        let page = try await XCTUnwrap(tteok.active).client.messages(in: room, from: nil, limit: 50)
        let steps = page.chunk.filter { $0.sender == user.userID && $0.type.hasPrefix("m.key.verification.") }
        XCTAssertEqual(steps.map(\.type), ["m.key.verification.start", "m.key.verification.key", "m.key.verification.mac",
                                            "m.key.verification.done"].reversed(), "newest first, in the clear")
        let request = page.chunk.first { $0.sender == user.userID && $0.type == "m.room.message" }?.event_id
        XCTAssertNotNil(request)
        for step in steps { XCTAssertEqual(step.content.relatesTo?.event_id, request, "\(step.type) references the request") }
        await fixture.close()
    }

    func testThePeerAsksInTheRoomAndTteokAnswers() async throws {
        let p = try await parties()
        let peer = try p.room.peer.verifyInRoom(.start, room: p.room.made.room, otherUser: p.room.user.userID)
        let verification = try await p.room.tteok.nextVerification(timeout: .seconds(90))
        XCTAssertEqual(verification.user, p.peerUser)
        let ours = await verification.follow()
        let outcome = try XCTUnwrap(peer.outcome())
        XCTAssertEqual(outcome["result"] as? String, "verified", "peer: \(outcome)")
        XCTAssertEqual(ours.last, .verified(user: p.peerUser, device: p.room.peer.deviceID))
        XCTAssertEqual(ours.emoji, peer.emoji, "the same seven emoji on both sides")
        XCTAssertTrue(try p.crypto.isVerified(try XCTUnwrap(peerDevice(p))))
        await p.fixture.close()
    }

    /// Declining a request in the room tells the peer there (`m.user`); a request another device
    /// of this account answers first ends here with nothing sent (`m.accepted`).
    func testADeclinedRequestAndOneAnsweredOnAnotherOwnDevice() async throws {
        let p = try await parties()
        let asking = try p.room.peer.verifyInRoom(.start, room: p.room.made.room, otherUser: p.room.user.userID)
        let asked = try await p.room.tteok.nextRequest(timeout: .seconds(60))
        let request = try XCTUnwrap(asked, "the request never came")
        XCTAssertEqual(request.user, p.peerUser)
        await request.decline()
        let declined = try XCTUnwrap(asking.outcome())
        XCTAssertEqual(declined["code"] as? String, "m.user", "the peer hears the decline in the room: \(declined)")

        // Another device of tteok's user, listening in the room, answers the next request first.
        let otherOwn = NioPeer(user: p.room.user, store: p.fixture.directory.file("nio-own"), deviceID: "OWNOTHER")
        let answering = try otherOwn.verifyInRoom(.meddle, room: p.room.made.room, seconds: 30)
        XCTAssertTrue(answering.waitUntilListening(), "the other own device never listened")
        let again = try p.room.peer.verifyInRoom(.start, room: p.room.made.room, otherUser: p.room.user.userID, seconds: 30)
        let askedAgain = try await p.room.tteok.nextRequest(timeout: .seconds(60))
        let second = try XCTUnwrap(askedAgain, "the second request never came")
        // Taken, not yet answered by the person here: the other device's answer ends it first.
        let center = try XCTUnwrap(p.room.tteok.active?.encryption?.verifications)
        let id = try XCTUnwrap(second as? MatrixVerificationRequest).id
        let ended = await eventually(seconds: 30) { await center.phase(of: id)?.isFinished == true }
        XCTAssertTrue(ended, "the other own device's answer did not end it")
        let steps = await second.accept(timeout: .seconds(60)).follow()
        XCTAssertEqual(steps.last, .cancelled(reason: "another device of yours answered", code: "m.accepted", byPeer: false))
        _ = (again, answering)  // their processes end with them (each is confused by the other; no outcome to check)
        await p.fixture.close()
    }

    func testAStartBeforeReadyAndADoneBeforeTheMacsAreCancelled() async throws {
        let p = try await parties()
        for tamper in [NioPeer.RoomTamper.startBeforeReady, .doneEarly] {
            let (peer, ours) = try await tteokAsks(p, tamper: tamper)
            guard case .cancelled(let reason, let code, let byPeer) = ours.last else {
                return XCTFail("\(tamper): tteok ended with \(String(describing: ours.last))")
            }
            XCTAssertEqual(code, "m.unexpected_message", "\(tamper): \(reason)")
            XCTAssertTrue(reason.contains("came out of order"), reason)
            XCTAssertFalse(byPeer)
            let outcome = try XCTUnwrap(peer.outcome())
            XCTAssertEqual(outcome["code"] as? String, "m.unexpected_message", "\(tamper): the peer hears why in the room: \(outcome)")
        }
        XCTAssertFalse(try p.crypto.isVerified(try XCTUnwrap(peerDevice(p))), "nothing verified")
        await p.fixture.close()
    }

    func testAToDeviceMessageNamingTheRoomsTransactionIsUnknownAndChangesNothing() async throws {
        let p = try await parties()
        let (peer, ours) = try await tteokAsks(p, tamper: .wrongTransport)
        let outcome = try XCTUnwrap(peer.outcome())
        XCTAssertEqual(peer.stray?["code"] as? String, "m.unknown_transaction", "the stray is answered: \(String(describing: peer.stray))")
        XCTAssertEqual(outcome["result"] as? String, "verified", "then the in-room verification completes: \(outcome)")
        XCTAssertEqual(ours.last, .verified(user: p.peerUser, device: p.room.peer.deviceID))
        await p.fixture.close()
    }

    /// A request is offered only when it is recent (the specification's ten minutes back, five
    /// ahead: not one from history or a catch-up), names this user, says from which device and
    /// is not our own echo; the recent one to us is (the control).
    func testOnlyARecentRequestToThisUserIsOffered() async throws {
        let p = try await parties()
        let center = try XCTUnwrap(p.room.tteok.active?.encryption?.verifications)
        let me = p.room.user.userID, now = Int64(Date().timeIntervalSince1970 * 1000)
        func request(_ id: String, to user: String, ageMinutes: Int64 = 0, from sender: String? = nil, device: String? = "NIOPEER") -> RoomVerificationEvent {
            var content: [String: CryptoJSON] = ["msgtype": .string("m.key.verification.request"), "body": .string("verify?"),
                                                 "methods": .array([.string("m.sas.v1")]), "to": .string(user)]
            content["from_device"] = device.map(CryptoJSON.string)
            return RoomVerificationEvent(room: p.room.made.room, eventID: id, type: "m.room.message", sender: sender ?? p.peerUser,
                                         timestamp: now - ageMinutes * 60_000, content: .object(content))
        }
        for refused in [request("$old", to: me, ageMinutes: 11), request("$future", to: me, ageMinutes: -6),
                        request("$other", to: "@someone:localhost"), request("$nodevice", to: me, device: nil),
                        request("$own", to: me, from: me)] {
            await center.receive(refused)
            let offered = await center.nextUnclaimed(timeout: .milliseconds(1))
            XCTAssertNil(offered, "\(refused.eventID) was offered")
        }
        await center.receive(request("$recent", to: me, ageMinutes: 9))
        let taken = await center.nextUnclaimed(timeout: .seconds(60))
        XCTAssertEqual(taken?.id, "$recent")
        XCTAssertEqual(taken?.user, p.peerUser)
        XCTAssertEqual(taken?.device, "NIOPEER")
        await p.fixture.close()
    }

    func testAThirdMemberCanNeitherSteerNorEndIt() async throws {
        let fixture = try MatrixFixture()
        let strangerUser = try await SynapseUser.register(on: fixture.server)
        let room = try await fixture.encryptedRoomWithPeer("verify among three", alsoInvite: [strangerUser.userID])
        let p = Parties(fixture: fixture, room: room, crypto: try XCTUnwrap(room.tteok.active?.encryption?.crypto))
        // Its own device id: nio skips sharing room keys with a device that has its own id, whoever owns it.
        let stranger = NioPeer(user: strangerUser, store: fixture.directory.file("nio-stranger"), deviceID: "STRANGER")
        let meddling = try stranger.verifyInRoom(.meddle, room: room.made.room, join: true)
        XCTAssertTrue(meddling.waitUntilListening(), "the stranger never listened")
        let (peer, ours) = try await tteokAsks(p)
        let told = try XCTUnwrap(meddling.outcome())
        XCTAssertEqual(told["code"] as? String, "m.user_mismatch", "the stranger is told it is no party: \(told)")
        XCTAssertEqual((told["reason"] as? String)?.contains(strangerUser.userID), true, "\(told)")
        XCTAssertEqual(try XCTUnwrap(peer.outcome())["result"] as? String, "verified")
        XCTAssertEqual(ours.last, .verified(user: p.peerUser, device: room.peer.deviceID), "the stranger changed nothing")
        await fixture.close()
    }
}
