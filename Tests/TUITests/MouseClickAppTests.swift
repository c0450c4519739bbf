import ChatCore
import Foundation
import LocalStore
import TestSupport
@testable import TUI
import XCTest

/// Clicks as SGR mouse reports (issue 19; real store, real loop, recording terminal): a click on
/// a message picks it, as ↑ in selection mode would; a click on a channel of the list opens it;
/// a click on a blank row of the chat picks nothing; a click on a conversation of the Direct tab
/// (not the highlighted one) opens it, one on a channel of Discover opens that channel.
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

    func testAClickOnAConversationOfTheDirectTabOpensThatOne() async throws {
        let harness = try AppHarness()
        try await harness.service.signUpMember("dave", nickname: "Dave")
        let viewer = await harness.service.viewer()
        let dave = try XCTUnwrap(viewer.userID)
        for (name, text) in [("mina", "first from mina"), ("joon", "second from joon")] {
            let other = try harness.files.open(as: name)
            try await other.signUpMember(name, nickname: name.capitalized)
            _ = try await other.sendDirect(text, to: dave)
        }
        await harness.session.start()
        await harness.waitFor("current region")
        await harness.press(.character("3"))
        await harness.waitUntil("both conversations listed") { $0.contains("first from mina") && $0.contains("second from joon") }
        let heading = try XCTUnwrap(harness.frame().firstIndex { $0.contains("Direct") && !$0.contains("1 ") })
        await click(harness, row: heading, column: 3)
        XCTAssertNil(harness.app.openChat, "a row that is no conversation opens nothing")

        let row = try XCTUnwrap(harness.frame().firstIndex { $0.contains("Mina") && !$0.contains("▸") }, harness.text)
        await click(harness, row: row, column: 10)
        await harness.waitFor("Type a message")
        XCTAssertTrue(harness.text.contains("first from mina"), harness.text)
        XCTAssertFalse(harness.text.contains("second from joon"), "the clicked conversation, not the highlighted one:\n\(harness.text)")
    }

    func testAClickOnAChannelOfDiscoverOpensIt() async throws {
        let harness = try AppHarness()
        try await harness.service.signUpMember("dave", nickname: "Dave")
        let mina = try harness.files.open(as: "mina")
        try await mina.signUpMember("mina", nickname: "Mina")
        for (name, count) in [("help", 3), ("lobby", 1)] {
            let channel = try await mina.channel(named: name).id
            for index in 1...count { _ = try await mina.send("\(name) news \(index)", to: channel) }
        }
        await harness.session.start()
        await harness.waitFor("current region")
        await harness.press(.character("1"))
        await harness.waitFor("lobby news 1")
        let row = try XCTUnwrap(harness.frame().firstIndex { $0.contains("lobby news 1") }, harness.text)
        XCTAssertFalse(harness.frame()[row - 1].contains("▸"), "not the highlighted channel:\n\(harness.text)")
        await click(harness, row: row, column: 10)
        await harness.waitFor("# lobby")
    }

    /// The wheel over a list moves its highlight (three rows a turn), down and back up.
    func testTheWheelMovesThroughTheListShown() async throws {
        let harness = try AppHarness()
        try await harness.service.signUpMember("dave", nickname: "Dave")
        await harness.session.start()
        await harness.waitFor("current region")
        XCTAssertTrue(harness.frame().contains { $0.hasPrefix("▸ 마포구") }, harness.text)
        await harness.type("\u{1B}[<65;5;5M")
        await harness.waitUntil("the highlight moved three rows down") { $0.contains("▸ 강남구") }
        await harness.type("\u{1B}[<64;5;5M")
        await harness.waitUntil("and back up") { $0.contains("▸ 마포구") }
    }
}

