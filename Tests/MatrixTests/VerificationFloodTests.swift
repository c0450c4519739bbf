import ChatCore
import Foundation
import MatrixCrypto
import TestSupport
import XCTest
@testable import Matrix

/// A hostile user floods tteok with verification requests (to-device, each with a new
/// transaction id): they once grew the waiting list and its flows without end, each asking the
/// server for the sender's keys. Now the sender has two waiting at most, the rest are dropped
/// unread, and what waits is still the person's to take.
final class VerificationFloodTests: XCTestCase {
    func testAFloodOfRequestsLeavesItsSenderTwoWaiting() async throws {
        let fixture = try MatrixFixture()
        let (tteok, _) = try await fixture.member("flooded")
        await tteok.catchUp()
        let crypto = try XCTUnwrap(tteok.active?.encryption?.crypto)
        let center = try XCTUnwrap(tteok.active?.encryption?.verifications)
        let hostile = try await SynapseUser.register(on: fixture.server)
        let peer = NioPeer(user: hostile, store: fixture.directory.file("nio"))
        try peer.uploadKeys()
        let me = crypto.identity
        let now = Int(Date().timeIntervalSince1970 * 1000)
        for number in 1...12 {
            try await hostile.sendToDevice("m.key.verification.request", to: me.userID, device: me.deviceID,
                                           content: ["from_device": peer.deviceID, "methods": ["m.sas.v1"],
                                                     "transaction_id": "flood-\(number)", "timestamp": now])
        }
        // To-device messages from one device come in order: once this cancel is taken, so was the flood.
        try await hostile.sendToDevice("m.key.verification.cancel", to: me.userID, device: me.deviceID,
                                       content: ["transaction_id": "flood-1", "code": "m.user", "reason": "enough"])
        let cancelled = await eventually(seconds: 60) {
            if case .cancelled? = await center.phase(of: "flood-1") { return true }
            return false
        }
        XCTAssertTrue(cancelled, "the flood's first request was never taken in")
        let waiting = await center.waitingCount(from: hostile.userID)
        XCTAssertEqual(waiting, 1, "the sender's second request waits; the first is cancelled")
        let second = await center.phase(of: "flood-2")
        XCTAssertNotNil(second)
        for dropped in [3, 7, 12] {
            let phase = await center.phase(of: "flood-\(dropped)")
            XCTAssertNil(phase, "request \(dropped) went past its sender's share and was kept")
        }
        let request = try await tteok.nextRequest(timeout: .seconds(30))
        XCTAssertEqual(request?.user, hostile.userID, "what waits is still the person's to take")
        await fixture.close()
    }
}
