import ChatCore
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

extension ViewerNameAppTests {
    /// "Set your nickname first." must leave the list once the nickname is saved at the prompt.
    func testTheNicknameBannerLeavesTheListOnceTheNicknameIsSaved() async throws {
        let harness = try AppHarness()
        _ = try await harness.service.signUp(SignUpRequest(identifier: "nari@example.com", password: "pass word 1", nickname: "",
                                                           region: "마포구", acceptTerms: true))
        await harness.session.start()
        await harness.waitFor("Set your nickname first.")
        await harness.type("/join lobby")
        await harness.press(.enter)
        await harness.waitFor("Enter save")
        await harness.type("Nari")
        await harness.press(.enter)
        await harness.waitFor("Type a message")
        await harness.waitUntil("the list beside the chat has no banner") { !$0.contains("Set your nickname first.") }
        await harness.press(.escape, .escape)
        await harness.waitUntil("nor the list alone") { !$0.contains("Type a message") && !$0.contains("Set your nickname first.") }
    }

    /// After a guest logs in over an open chat, the list's cursor is on the channel open.
    func testAfterLogInTheListCursorIsOnTheOpenChannel() async throws {
        let harness = try AppHarness()
        try await harness.files.open(as: "mina").signUpMember("mina", region: "마포구", nickname: "Mina")
        await harness.session.start()
        await harness.waitFor("Continue as guest")
        await harness.press(.down, .down, .enter)
        await harness.waitFor("Guest")
        await harness.type("/join help")
        await harness.press(.enter)
        await harness.waitFor("# help")
        await harness.type("/login")
        await harness.press(.enter)
        await harness.logIn(as: "mina")
        await harness.waitFor("Type a message")
        await harness.waitUntil("the cursor is on help") { screen in
            screen.split(separator: "\n").contains { $0.hasPrefix("▸ help") }
        }
        await harness.press(.tab)  // the keys on the list: its cursor stays on help
        await harness.waitUntil("the cursor is still on help") { screen in
            screen.split(separator: "\n").contains { $0.hasPrefix("▸ help") }
        }
    }
}
