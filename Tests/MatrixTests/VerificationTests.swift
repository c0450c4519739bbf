import ChatCore
import Foundation
import MatrixCrypto
import TestSupport
import XCTest
@testable import Matrix

/// SAS emoji verification against matrix-nio (vodozemac) on Synapse: both directions complete
/// with the same emoji on both sides and mark the device verified; a mismatch, a hostile peer's
/// commitment or MAC, a stray transaction and a silent peer each end it with the
/// specification's code, verifying nothing.
final class VerificationTests: XCTestCase {
    private struct Parties {
        let fixture: MatrixFixture
        let tteok: MatrixService
        let crypto: EndToEndCrypto
        let peer: NioPeer
        let peerUser: SynapseUser
    }

    private func parties() async throws -> Parties {
        let fixture = try MatrixFixture()
        let (tteok, _) = try await fixture.member("tteok")
        await tteok.catchUp()
        let crypto = try XCTUnwrap(tteok.active?.encryption?.crypto)
        let peerUser = try await SynapseUser.register(on: fixture.server)
        let peer = NioPeer(user: peerUser, store: fixture.directory.file("nio"))
        try peer.uploadKeys()
        return Parties(fixture: fixture, tteok: tteok, crypto: crypto, peer: peer, peerUser: peerUser)
    }

    private var nioDevice: (Parties) -> DeviceKeys? {
        { parties in try? parties.crypto.devices(of: parties.peerUser.userID).first { $0.deviceID == parties.peer.deviceID } }
    }

    func testTteokAsksNioAcceptsAndBothSeeTheSameEmoji() async throws {
        let p = try await parties()
        let nio = try p.peer.verify(.accept, otherUser: p.crypto.identity.userID)
        let verification = try await p.tteok.verify(user: p.peerUser.userID, device: p.peer.deviceID, timeout: .seconds(90))
        let (emoji, last) = await verification.follow()
        let outcome = try XCTUnwrap(nio.outcome(), "nio gave no outcome")
        XCTAssertEqual(outcome["result"] as? String, "verified", "nio: \(outcome)")
        XCTAssertEqual(last, .verified(user: p.peerUser.userID, device: p.peer.deviceID))
        XCTAssertEqual(emoji?.count, 7)
        XCTAssertEqual(emoji, nio.emoji, "the same seven emoji on both sides")
        let device = try XCTUnwrap(nioDevice(p))
        XCTAssertTrue(try p.crypto.isVerified(device), "tteok records nio's device as verified")
        await p.fixture.close()
    }

    func testNioStartsTteokAcceptsAndBothSeeTheSameEmoji() async throws {
        let p = try await parties()
        let nio = try p.peer.verify(.start, otherUser: p.crypto.identity.userID, otherDevice: p.crypto.identity.deviceID)
        let verification = try await p.tteok.nextVerification(timeout: .seconds(90))
        XCTAssertEqual(verification.user, p.peerUser.userID)
        let (emoji, last) = await verification.follow()
        let outcome = try XCTUnwrap(nio.outcome())
        XCTAssertEqual(outcome["result"] as? String, "verified", "nio: \(outcome)")
        XCTAssertEqual(last, .verified(user: p.peerUser.userID, device: p.peer.deviceID))
        XCTAssertEqual(emoji, nio.emoji, "the same seven emoji on both sides")
        XCTAssertTrue(try p.crypto.isVerified(try XCTUnwrap(nioDevice(p))))
        await p.fixture.close()
    }

    /// A listener whose task was cancelled (a logout closes the community's) takes no request:
    /// the next listener gets it, where before the cancelled one took it and it timed out.
    func testACancelledListenerLeavesTheRequestToTheNext() async throws {
        let p = try await parties()
        let stale = Task { try await p.tteok.nextRequest(timeout: .seconds(120)) }
        let center = try XCTUnwrap(p.tteok.active?.encryption?.verifications)
        let waiting = await eventually(seconds: 10) { await center.waitingClaimers == 1 }
        XCTAssertTrue(waiting, "the first listener never waited")
        stale.cancel()
        let nio = try p.peer.verify(.start, otherUser: p.crypto.identity.userID, otherDevice: p.crypto.identity.deviceID)
        let verification = try await p.tteok.nextVerification(timeout: .seconds(60))
        XCTAssertEqual(verification.user, p.peerUser.userID)
        let (_, last) = await verification.follow()
        XCTAssertEqual(last, .verified(user: p.peerUser.userID, device: p.peer.deviceID))
        XCTAssertEqual(try XCTUnwrap(nio.outcome())["result"] as? String, "verified")
        let staleTook = try await stale.value
        XCTAssertNil(staleTook, "the cancelled listener took a request")
        await p.fixture.close()
    }

    func testAMismatchOnEitherSideCancelsOnBoth() async throws {
        let p = try await parties()
        // tteok's person says no.
        let nio = try p.peer.verify(.accept, otherUser: p.crypto.identity.userID)
        let refused = try await p.tteok.verify(user: p.peerUser.userID, device: p.peer.deviceID, timeout: .seconds(90)).follow(match: false)
        XCTAssertEqual(refused.last, .cancelled(reason: "the emoji did not match", code: "m.mismatched_sas", byPeer: false))
        let outcome = try XCTUnwrap(nio.outcome())
        XCTAssertEqual(outcome["result"] as? String, "canceled")
        XCTAssertEqual(outcome["code"] as? String, "m.mismatched_sas", "nio hears why: \(outcome)")
        // nio's person says no.
        let nioRefuses = try p.peer.verify(.start, otherUser: p.crypto.identity.userID, otherDevice: p.crypto.identity.deviceID, confirm: false)
        let theirs = try await p.tteok.nextVerification(timeout: .seconds(90)).follow()
        guard case .cancelled(_, let code, let byPeer) = theirs.last else { return XCTFail("tteok ended with \(String(describing: theirs.last))") }
        XCTAssertEqual(code, "m.mismatched_sas")
        XCTAssertTrue(byPeer)
        _ = nioRefuses.outcome()
        XCTAssertFalse(try p.crypto.isVerified(try XCTUnwrap(nioDevice(p))), "nothing verified")
        await p.fixture.close()
    }

    func testAHostilePeersCommitmentOrMacCancelsAndVerifiesNothing() async throws {
        let p = try await parties()
        for (tamper, code) in [(NioPeer.Tamper.commitment, "m.mismatched_commitment"), (.mac, "m.key_mismatch")] {
            let nio = try p.peer.verify(.accept, otherUser: p.crypto.identity.userID, tamper: tamper)
            let ours = try await p.tteok.verify(user: p.peerUser.userID, device: p.peer.deviceID, timeout: .seconds(90)).follow()
            guard case .cancelled(let reason, let seen, let byPeer) = ours.last else {
                return XCTFail("\(tamper): tteok ended with \(String(describing: ours.last))")
            }
            XCTAssertEqual(seen, code, "\(tamper): \(reason)")
            XCTAssertFalse(byPeer, "tteok itself refused")
            let outcome = try XCTUnwrap(nio.outcome())
            XCTAssertEqual(outcome["code"] as? String, code, "the hostile peer is told why: \(outcome)")
            XCTAssertFalse(try p.crypto.isVerified(try XCTUnwrap(nioDevice(p))), "\(tamper): nothing verified")
        }
        await p.fixture.close()
    }

    func testAMessageForAnUnknownTransactionIsAnsweredAndChangesNothing() async throws {
        let p = try await parties()
        let stray = try p.peer.verify(.accept, otherUser: p.crypto.identity.userID, otherDevice: p.crypto.identity.deviceID,
                                      tamper: .unknownTransaction)
        let outcome = try XCTUnwrap(stray.outcome())
        XCTAssertEqual(outcome["code"] as? String, "m.unknown_transaction", "\(outcome)")
        // Nothing changed here: a real verification with the same peer still completes.
        let nio = try p.peer.verify(.accept, otherUser: p.crypto.identity.userID)
        let ours = try await p.tteok.verify(user: p.peerUser.userID, device: p.peer.deviceID, timeout: .seconds(90)).follow()
        XCTAssertEqual(ours.last, .verified(user: p.peerUser.userID, device: p.peer.deviceID))
        XCTAssertEqual(nio.outcome()?["result"] as? String, "verified")
        await p.fixture.close()
    }

    func testASilentPeerTimesOut() async throws {
        let p = try await parties()
        let started = Date()
        let ours = try await p.tteok.verify(user: p.peerUser.userID, device: p.peer.deviceID, timeout: .seconds(3)).follow()
        XCTAssertEqual(ours.last, .cancelled(reason: "the other device did not answer in time", code: "m.timeout", byPeer: false))
        XCTAssertLessThan(Date().timeIntervalSince(started), 30)
        do {
            _ = try await p.tteok.verify(user: p.peerUser.userID, device: "NOSUCHDEVICE", timeout: .seconds(3))
            XCTFail("a device the user does not have is refused")
        } catch let error as ChatError {
            XCTAssertEqual(error, .invalidInput("\(p.peerUser.userID) has no device NOSUCHDEVICE with published keys."))
        }
        await p.fixture.close()
    }
}
