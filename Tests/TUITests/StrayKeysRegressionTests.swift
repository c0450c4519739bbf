import ChatCore
import Foundation
import LocalStore
import TestSupport
import TUI
import ViewModels
import XCTest

/// Issue 15's findings, each as it was met: a key typed by mistake (or after an alert) must never
/// quit, block, report, post or close the chat. Written against the harness alone, so each can
/// be run on the code before the fix (where each failed).
@MainActor
final class StrayKeysRegressionTests: XCTestCase {
    /// Mina in lobby with the input ready; bob wrote "buy cheap pills" there.
    private func minaInLobby() async throws -> (AppHarness, LocalCommunity, ChannelID) {
        let harness = try AppHarness()
        try await harness.service.signUpMember("mina", region: "마포구", nickname: "Mina")
        let bob = try harness.files.open(as: "bob")
        try await bob.signUpMember("bob", region: "마포구", nickname: "bob")
        let lobby = try await harness.service.channel(named: "lobby").id
        _ = try await bob.send("buy cheap pills", to: lobby)
        await harness.session.start()
        await harness.waitFor("current region")
        await harness.type("/join lobby")
        await harness.press(.enter)
        await harness.waitFor("buy cheap pills")
        await harness.waitFor("Type a message")
        return (harness, bob, lobby)
    }

    private func lobbyTexts(_ harness: AppHarness, _ lobby: ChannelID) async throws -> [String] {
        try await harness.service.latestMessages(in: lobby, limit: 100).messages.map(\.content.summary)
    }

    /// Was: Esc, then `quick question` — tteok quit at once on the `q`.
    func testEscThenTypingAWordTypesItAndNeverQuits() async throws {
        let (harness, _, lobby) = try await minaInLobby()
        await harness.press(.escape)
        await harness.type("quick question")
        await harness.press(.enter)
        await harness.waitFor("quick question")
        XCTAssertEqual(harness.quitCount, 0)
        let texts = try await lobbyTexts(harness, lobby)
        XCTAssertEqual(texts.last, "quick question", "the words were typed into the input and sent whole")
    }

    /// Was: Esc, ↑ to pick a message, then `bye` — bob was blocked silently, `ye` typed.
    func testPickingAMessageThenTypingByeBlocksNobody() async throws {
        let (harness, _, lobby) = try await minaInLobby()
        let before = try await lobbyTexts(harness, lobby)
        await harness.press(.escape, .up)
        await harness.type("bye")
        await harness.press(.enter)
        harness.frame()
        let blocked = try await harness.service.blockedUsers()
        XCTAssertEqual(blocked.map(\.nickname), [], "nobody blocked")
        let after = try await lobbyTexts(harness, lobby)
        XCTAssertEqual(after, before, "nothing posted")
        XCTAssertTrue(harness.text.contains("buy cheap pills"))
    }

    /// Was: `/block 준호` raised an alert, then `xyz` Enter posted `yz`; `/unblock 준호` became a
    /// public message `unblock 준호`.
    func testKeysAfterAnAlertOrAQuestionAreDroppedNotPosted() async throws {
        let (harness, _, lobby) = try await minaInLobby()
        let before = try await lobbyTexts(harness, lobby)
        await harness.type("/block 준호")
        await harness.press(.enter)
        await harness.type("xyz")
        await harness.press(.enter)
        harness.frame()
        await harness.type("/unblock 준호")
        await harness.press(.enter)
        harness.frame()
        await harness.press(.enter)
        harness.frame()
        let after = try await lobbyTexts(harness, lobby)
        XCTAssertEqual(after, before, "neither yz nor unblock 준호 was posted")
        let blocked = try await harness.service.blockedUsers()
        XCTAssertEqual(blocked.map(\.nickname), [])
    }

    /// Was: a failed `/join nosuch` or `/dm nobody` closed the chat that was open.
    func testAFailedJoinOrDirectMessageKeepsTheChatAndTheLine() async throws {
        let (harness, _, _) = try await minaInLobby()
        for command in ["/join nosuch", "/dm nobody"] {
            await harness.type(command)
            await harness.press(.enter)
            await harness.waitUntil("\(command) says why") { $0.contains("Press Enter") || $0.contains("No member found") }
            if harness.text.contains("Press Enter") { await harness.press(.enter) }
            await harness.waitUntil("\(command): the chat stays open with the line to correct") {
                $0.contains("# lobby") && $0.contains("buy cheap pills") && $0.contains(command)
            }
            await harness.press(.control("u"))
        }
    }

    /// Was: after `/logout` and logging in as another account, ↑ recalled the first account's
    /// direct messages and commands.
    func testAnotherAccountNeverRecallsThePreviousOnesInput() async throws {
        let (harness, _, _) = try await minaInLobby()
        try await harness.files.open(as: "joon").signUpMember("joon", region: "강남구", nickname: "Joon")
        await harness.type("/dm bob secret plans")
        await harness.press(.enter)
        await harness.press(.enter)  // the alert, if any
        await harness.press(.control("u"))
        await harness.type("mina's private words")
        await harness.press(.enter)
        await harness.waitFor("mina's private words")
        await harness.session.logOut()
        await harness.waitFor("Continue as guest")
        await harness.press(.enter)
        await harness.logIn(as: "joon")
        await harness.waitFor("current region")
        await harness.type("/join lobby")
        await harness.press(.enter)
        await harness.waitFor("Type a message")
        await harness.press(.up, .up, .up)
        let input = harness.frame().suffix(3).joined(separator: "\n")
        XCTAssertFalse(input.contains("mina's private words"), input)
        XCTAssertFalse(input.contains("secret plans"), input)
    }

    /// Was: `b` blocked with no question, and `r` did not say which message it reported.
    func testBlockAndReportNameTheirTargetAndOpenOnCancel() async throws {
        let (harness, _, _) = try await minaInLobby()
        await harness.press(.escape, .up)
        await harness.type("b")
        await harness.waitFor("Block bob?")
        await harness.press(.enter)  // Cancel is highlighted
        let blocked = try await harness.service.blockedUsers()
        XCTAssertEqual(blocked.map(\.nickname), [])
        await harness.type("r")
        await harness.waitFor("bob's message: “buy cheap pills”")
    }

    /// `q` on a list asks; the question opens on Cancel.
    func testQOnTheListAsksBeforeQuitting() async throws {
        let (harness, _, _) = try await minaInLobby()
        await harness.press(.escape, .escape)
        await harness.waitUntil("back on the list") { !$0.contains("Type a message") }
        await harness.type("q")
        await harness.waitFor("Quit tteok?")
        await harness.press(.enter)
        XCTAssertEqual(harness.quitCount, 0)
    }

    /// `//text` sends a line starting with `/`; an unknown command is never sent.
    func testDoubleSlashSendsASlashAndAnUnknownCommandNothing() async throws {
        let (harness, _, lobby) = try await minaInLobby()
        await harness.type("/shrug ok")
        await harness.press(.enter)
        await harness.waitFor("Unknown command /shrug")
        await harness.press(.enter, .control("u"))
        await harness.type("//shrug ok")
        await harness.press(.enter)
        await harness.waitFor("/shrug ok")
        let texts = try await lobbyTexts(harness, lobby)
        XCTAssertEqual(texts.suffix(1), ["/shrug ok"])
        XCTAssertFalse(texts.contains("shrug ok"))
    }
}
