import ChatCore
import Foundation
import LocalStore
import TestSupport
@testable import TUI
import XCTest

/// Clicks as SGR mouse reports (issue 19; real store, real loop, recording terminal): a click on
/// a message picks it, as ↑ in selection mode would; a click on a channel of the list opens it;
/// a click on a blank row of the chat picks nothing.
@MainActor
final class MouseClickAppTests: XCTestCase {
    private func click(_ harness: AppHarness, row: Int, column: Int) async {
        await harness.type("\u{1B}[<0;\(column + 1);\(row + 1)M\u{1B}[<0;\(column + 1);\(row + 1)m")
    }

    func testAClickPicksTheMessageUnderIt() async throws {
        let harness = try AppHarness()
        try await harness.service.signUpMember("dave", nickname: "Dave")
        let mina = try harness.files.open(as: "mina")
        try await mina.signUpMember("mina", nickname: "Mina")
        let lobby = try await mina.channel(named: "lobby").id
        let first = try await mina.send("first message", to: lobby)
        _ = try await mina.send("second message", to: lobby)
        await harness.startInLobby()
        await harness.waitFor("second message")
        let row = try XCTUnwrap(harness.frame().firstIndex { $0.contains("first message") })
        await click(harness, row: row, column: 60)
        await harness.waitFor("selecting:")
        XCTAssertEqual(harness.app.openChat?.model?.selection, first.id)

        let blank = try XCTUnwrap(harness.frame().firstIndex { $0.hasSuffix("│") })
        await click(harness, row: blank, column: 60)
        XCTAssertEqual(harness.app.openChat?.model?.selection, first.id, "a blank row picks nothing else")
    }

    func testAClickOnAChannelOpensIt() async throws {
        let harness = try AppHarness()
        try await harness.service.signUpMember("dave", nickname: "Dave")
        await harness.startInLobby()
        let row = try XCTUnwrap(harness.frame().firstIndex { $0.hasPrefix("  강남구") }, harness.text)
        await click(harness, row: row, column: 3)
        await harness.waitFor("# 강남구")
    }
}
