import Foundation
import TestSupport
import TUI
import XCTest

/// The profile's "My messages" scrolls with the keys its status line names (issue 15: it showed
/// about 26 of 328 and did not move).
@MainActor
final class ProfileScrollAppTests: XCTestCase {
    func testMyMessagesScrollWithTheArrowsAndPageKeys() async throws {
        let harness = try AppHarness()
        try await harness.service.signUpMember("mina", nickname: "Mina")
        let lobby = try await harness.service.channel(named: "lobby").id
        for index in 0..<120 { _ = try await harness.service.send("mine \(index)", to: lobby) }
        await harness.session.start()
        await harness.waitFor("current region")
        await harness.press(.character("4"))
        await harness.waitFor("mine 119")
        XCTAssertTrue(harness.text.contains("↑/↓ move"), "the status line names the keys")
        XCTAssertFalse(harness.text.contains("mine 0\n") || harness.text.contains("mine 0 "), "newest first: the oldest is below")
        await harness.press(.pageDown, .pageDown, .pageDown, .pageDown, .pageDown)
        await harness.waitUntil("PgDn scrolls further down") { !$0.contains("mine 119") && $0.contains("mine 9") }
        for _ in 0..<120 { await harness.press(.down) }
        await harness.waitUntil("↓ reaches my oldest message") { $0.contains("mine 0 ") || $0.contains("mine 0\n") }
        for _ in 0..<120 { await harness.press(.up) }
        await harness.waitFor("mine 119")
    }
}
