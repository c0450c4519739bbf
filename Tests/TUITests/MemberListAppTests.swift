import ChatCore
import Foundation
import LocalStore
import TestSupport
@testable import TUI
import XCTest

/// The member list in the whole client (issue 19; real store, real loop, recording terminal):
/// Alt-N puts the pane beside the chat and takes it away; it shows the channel's posters by
/// their current names (the welcome's system account among them) and counts the rest it cannot show — holding no more rows than it
/// draws; `/names` lists them in a box; a terminal too narrow keeps the chat whole.
@MainActor
final class MemberListAppTests: XCTestCase {
    private func lobbyScene(size: Size = Size(width: 100, height: 30), posters: Int = 0) async throws -> AppHarness {
        let harness = try AppHarness(size: size)
        try await harness.service.signUpMember("dave", nickname: "Dave")
        let mina = try harness.files.open(as: "mina")
        try await mina.signUpMember("mina", nickname: "Mina")
        let lobby = try await mina.channel(named: "lobby").id
        _ = try await mina.send("hello lobby", to: lobby)
        for index in 0..<posters {
            let member = try harness.files.open(as: "poster\(index)")
            try await member.signUpMember("poster\(index)", nickname: String(format: "poster%02d", index))
            _ = try await member.send("post \(index)", to: lobby)
        }
        _ = try await mina.updateProfile(nickname: "미나", region: nil)
        await harness.startInLobby()
        await harness.waitFor("hello lobby")
        return harness
    }

    /// What stands right of the last divider of each row: the pane's text, when it is shown.
    private func paneText(_ harness: AppHarness) -> String {
        harness.frame().compactMap { row in row.lastIndex(of: "│").map { String(row[row.index(after: $0)...]) } }.joined(separator: "\n")
    }

    func testAltNShowsTheMembersBesideTheChatAndHidesThem() async throws {
        let harness = try await lobbyScene()
        XCTAssertFalse(harness.text.contains("Members"))
        await harness.press(.alt("n"))
        await harness.waitFor("2 members")
        let pane = paneText(harness)
        XCTAssertTrue(pane.contains(" Members"), harness.text)
        XCTAssertTrue(pane.contains("미나"), "the current nickname: \(harness.text)")
        XCTAssertFalse(pane.contains("Mina"), "not the name the message was signed with")
        XCTAssertFalse(pane.contains("Dave"), "Dave never posted here")
        await harness.press(.alt("n"))
        await harness.waitUntil("the pane gone") { !$0.contains("2 members") }
        XCTAssertTrue(harness.text.contains("hello lobby"))
    }

    /// Someone not among the rows held posts while the pane is open and not full: the list is
    /// read again and shows them (`MemberListModel.misses(poster:)`, checked per live message).
    func testANewcomersPostBringsThemIntoTheOpenPane() async throws {
        let harness = try await lobbyScene()
        await harness.press(.alt("n"))
        await harness.waitFor("2 members")
        let sejin = try harness.files.open(as: "sejin")
        try await sejin.signUpMember("sejin", nickname: "Sejin")
        XCTAssertFalse(paneText(harness).contains("Sejin"), "Sejin has not posted yet")
        let lobby = try await sejin.channel(named: "lobby").id
        _ = try await sejin.send("sejin says hi", to: lobby)
        await harness.waitFor("sejin says hi")
        await harness.waitUntil("Sejin in the pane") { _ in self.paneText(harness).contains("Sejin") }
        XCTAssertTrue(harness.text.contains("3 members"), harness.text)
    }

    func testAPaneShorterThanTheRoomHoldsOnlyTheRowsItDrawsAndCountsTheRest() async throws {
        let harness = try await lobbyScene(size: Size(width: 100, height: 16), posters: 30)
        await harness.press(.alt("n"))
        await harness.waitFor("of 32 members")
        let chat = try XCTUnwrap(harness.app.openChat?.model)
        let held = try XCTUnwrap(chat.members.list?.value)
        XCTAssertEqual(held.total, 32)
        XCTAssertLessThanOrEqual(held.members.count, 16, "no more rows held than the pane has")
        XCTAssertTrue(harness.text.contains("poster00"), harness.text)
        XCTAssertFalse(harness.text.contains("poster29"), "the last in name order is counted, not drawn")
    }

    func testNamesListsTheMembersInABox() async throws {
        let harness = try await lobbyScene(posters: 2)
        await harness.type("/names")
        await harness.press(.enter)
        await harness.waitFor("lobby · 4 members")
        XCTAssertTrue(harness.text.contains("poster00") && harness.text.contains("poster01") && harness.text.contains("미나"), harness.text)
        await harness.press(.escape)
        await harness.waitUntil("the box closed") { !$0.contains("lobby · 4 members") }
    }

    func testANarrowTerminalKeepsTheChatWhole() async throws {
        let harness = try await lobbyScene(size: Size(width: 50, height: 20))
        await harness.press(.alt("n"))
        await harness.type("x")
        await harness.waitFor("› x")
        XCTAssertFalse(harness.text.contains("Members"), "no room beside a 50-column chat: \(harness.text)")
    }

    func testAltNWithoutAChatSaysToOpenOne() async throws {
        let harness = try AppHarness()
        try await harness.service.signUpMember("dave", nickname: "Dave")
        await harness.session.start()
        await harness.waitFor("current region")
        await harness.press(.alt("n"))
        await harness.waitFor("Open a chat to see its members.")
    }
}
