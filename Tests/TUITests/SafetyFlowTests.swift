import ChatCore
import Foundation
import LocalStore
import TestSupport
@testable import TUI
import ViewModels
import XCTest

/// Reporting and blocking through typed keys and slash commands, on a real LocalStore.
@MainActor
final class SafetyFlowTests: XCTestCase {
    func testPickAMessageReportItWithRBlockItsSenderWithBThenUnblockFromTheProfile() async throws {
        let harness = try AppHarness()
        try await harness.service.signUpMember("mina", region: "마포구", nickname: "Mina")
        let bob = try harness.files.open(as: "bob")
        try await bob.signUpMember("bob", region: "마포구", nickname: "bob")
        let lobby = try await harness.service.channel(named: "lobby")
        let spam = try await bob.send("buy cheap pills", to: lobby.id)
        await harness.session.start()
        await harness.waitFor("Mina")
        await harness.type("/join lobby")
        await harness.press(.enter)
        await harness.waitFor("buy cheap pills")

        await harness.type("/report spam")
        await harness.press(.enter)
        await harness.waitFor("Select a message first.")
        await harness.press(.enter)
        await harness.press(.control("u"))
        await harness.pickMessages()
        await harness.waitFor("selecting:")
        await harness.type("r")
        await harness.waitUntil("the command line asks for the reason, naming the message") {
            $0.hasSuffix("\n/report") && $0.contains("Report bob's message: “buy cheap pills” — type the reason")
        }
        await harness.type("selling drugs")
        await harness.press(.enter)
        await harness.waitFor("Report bob's message: “buy cheap pills”?")
        await harness.confirm()
        await harness.waitFor("Reported. Thank you")
        let reports = try await harness.service.reports()
        XCTAssertEqual(reports.map(\.message.id), [spam.id])
        XCTAssertEqual(reports.map(\.reason), ["selling drugs"])
        XCTAssertTrue(harness.text.contains("buy cheap pills"), "a report changes nothing shown")

        await harness.type("b")  // the reported message is still the one picked
        await harness.waitFor("Block bob?")
        await harness.confirm()
        await harness.waitFor("Blocked bob.")
        await harness.waitUntil("bob's lines vanish at once") { !$0.contains("buy cheap pills") }
        _ = try await bob.send("live from bob", to: lobby.id)
        await harness.press(.escape)  // leave selection mode: back to the input
        await harness.type("still here")
        await harness.press(.enter)
        await harness.waitFor("still here")
        XCTAssertFalse(harness.text.contains("live from bob"), "a live message from a blocked user never shows")

        await harness.press(.escape, .escape)
        await harness.type("4")
        await harness.waitFor("Blocked users: bob")
        await harness.type("/unblock bob")
        await harness.press(.enter)
        await harness.waitFor("Unblocked bob.")
        await harness.waitFor("Blocked users: You have not blocked anyone.")
    }

    func testBlockByNameAndTheCommandsAreInTheHelp() async throws {
        let harness = try AppHarness()
        try await harness.service.signUpMember("mina", region: "마포구", nickname: "Mina")
        try await harness.files.open(as: "joon").signUpMember("joon", region: "강남구", nickname: "Joon")
        await harness.session.start()
        await harness.waitFor("Mina")
        await harness.type("/block nobody")
        await harness.press(.enter)
        await harness.waitFor("Block nobody?")
        await harness.confirm()
        await harness.waitFor("No member found.")
        await harness.press(.enter)
        await harness.type("/block joon")
        await harness.press(.enter)
        await harness.waitFor("Block joon?")
        await harness.confirm()
        await harness.waitFor("Blocked Joon.")
        let blocked = try await harness.service.blockedUsers()
        XCTAssertEqual(blocked.map(\.nickname), ["Joon"])
        await harness.type("/report")
        await harness.press(.enter)
        await harness.waitFor("Usage: /report REASON")
        await harness.press(.enter, .escape)
        await harness.type("?")
        await harness.waitFor("/join NAME")
        // The help scrolls at 100x30: its pages, ten rows apart, down to its end.
        var help = harness.text
        for _ in 0..<4 {
            await harness.press(.pageDown)
            help += harness.text
        }
        for usage in ["/report REASON", "/block [NAME]", "/unblock NAME"] { XCTAssertTrue(help.contains(usage), "\(usage) is not in the help:\n\(help)") }
    }

    /// The chosen message stays in view: picking one far up scrolls the transcript to it.
    func testTheSelectedMessageIsKeptInView() async {
        let rows = (0..<30).map { ChatTranscript.Row(spans: [Span("row \($0)")], alignRight: false, isSelected: $0 == 3) }
        XCTAssertEqual(ChatPane.keepingSelection(rows, height: 10, scroll: 0), 17, "scrolled up until row 3 is the top row")
        XCTAssertEqual(ChatPane.keepingSelection(rows, height: 10, scroll: 20), 20, "already in view: unchanged")
        let low = (0..<30).map { ChatTranscript.Row(spans: [Span("row \($0)")], alignRight: false, isSelected: $0 == 28) }
        XCTAssertEqual(ChatPane.keepingSelection(low, height: 10, scroll: 20), 1, "scrolled down until row 28 is the bottom row")
    }
}
