import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// Issue 20: each tteok of an account saves its profile when it logs in (the terms it accepted),
/// and every running tteok of the account heard "the viewer changed" from the sync answer that
/// brought the same content back — its channel list re-read itself and every badge, in the
/// middle of a burst of messages too. Account data is news only when its content changed.
final class AccountDataEchoTests: XCTestCase {
    func testTheSameProfileSavedElsewhereIsNoViewerChangeAndANewOneIs() async throws {
        let fixture = try MatrixFixture()
        let (alice, user) = try await fixture.member("alice")
        let (owner, room) = try await fixture.openedRoom("echo", for: alice)
        let recorder = EventRecorder(alice)
        // Another tteok of hers logs in and accepts the same terms: the same profile, saved again.
        let other = try await fixture.newDevice("alice-other", of: user)
        _ = try await other.acceptTerms(version: CommunityTerms.currentVersion)
        // Synapse sends account data in order with the room's events: once this message is
        // heard, the saves before it were too.
        let marker = "after the saves \(SynapseServer.randomName())"
        _ = try await owner.send(marker, to: room.raw)
        let heard = await recorder.message(marker, in: room, within: 30)
        XCTAssertNotNil(heard, "the marker arrived")

        _ = try await other.updateProfile(nickname: nil, region: "Busan")
        let changed = await recorder.first(within: 30) { event in
            if case .viewerChanged = event { return true }
            return false
        }
        guard case .viewerChanged(let viewer)? = changed?.event else { return XCTFail("a new region is a change of the viewer") }
        XCTAssertEqual(viewer.account?.region, "Busan", "the first viewer change heard is the new region, not a save of the same profile")
        await fixture.close()
    }
}
