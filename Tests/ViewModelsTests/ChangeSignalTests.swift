import ChatCore
import XCTest
@testable import ViewModels

@MainActor
final class ChangeSignalTests: XCTestCase {
    func testPublishTellsObserversThenTheParent() {
        let session = ChangeSignal()
        let model = ChangeSignal(forwardingTo: session)
        var order: [String] = []
        model.addObserver { order.append("model") }
        session.addObserver { order.append("session") }
        model.publish()
        XCTAssertEqual(order, ["model", "session"])
        XCTAssertEqual(model.revision, 1)
        XCTAssertEqual(session.revision, 1)
    }

    func testRemovedObserverIsNotCalled() {
        let signal = ChangeSignal()
        var calls = 0
        let token = signal.addObserver { calls += 1 }
        signal.publish()
        signal.removeObserver(token)
        signal.publish()
        XCTAssertEqual(calls, 1)
    }

    /// A front end observing only the session hears a chat's change (one redraw trigger).
    func testSessionSignalHearsEveryModel() async throws {
        let fixture = try CommunityFixture()
        try await fixture.signUpApp("me", nickname: "me")
        let (session, community) = try await fixture.community()
        let chat = try opened(await community.join("lobby"))
        let before = session.changes.revision
        expect(await chat.send("hello"))
        XCTAssertGreaterThan(session.changes.revision, before)
        let afterSend = session.changes.revision
        chat.dismissAlert()
        XCTAssertEqual(session.changes.revision, afterSend, "no change, no publish")
    }
}
