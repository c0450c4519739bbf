import Foundation
import TestSupport
import TUI
import XCTest

/// Issue 15's smaller bugs about who the status line and the list say is using tteok.
@MainActor
final class ViewerNameAppTests: XCTestCase {
    /// On the profile the channel list is hidden, and the status line read the list's viewer:
    /// it kept the old nickname after `/nick` until the list was shown again.
    func testTheStatusLineShowsTheNewNicknameAfterNickOnTheProfile() async throws {
        let harness = try AppHarness()
        try await harness.service.signUpMember("mina", nickname: "Mina")
        await harness.session.start()
        await harness.waitFor("current region")
        await harness.press(.character("4"))
        await harness.waitFor("Edit: /nick")
        await harness.type("/nick Minji")
        await harness.press(.enter)
        await harness.waitUntil("the status line names Minji") { $0.split(separator: "\n").last?.hasPrefix(" Minji") == true }
    }
}

extension ViewerNameAppTests {
    /// The status line read the list's viewer, which is `.guest` until the list has loaded: the
    /// first frames of a member's session said "Guest".
    func testNoFrameOfAMembersSessionSaysGuest() async throws {
        let harness = try AppHarness()
        try await harness.service.signUpMember("mina", nickname: "Mina")
        var statusLines: [String] = []
        harness.session.changes.addObserver {
            if case .community = harness.session.phase { statusLines.append(harness.frame().last ?? "") }
        }
        await harness.session.start()
        await harness.waitFor("current region")
        XCTAssertFalse(statusLines.isEmpty)
        XCTAssertEqual(statusLines.filter { $0.contains("Guest") }, [], "every frame names Mina")
    }
}
