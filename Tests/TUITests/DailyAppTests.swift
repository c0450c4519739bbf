import ChatCore
import Foundation
import LocalStore
import TestSupport
import TUI
import XCTest

/// Issue 19 in the whole client (real store, real loop, recording terminal): Tab completes and
/// cycles in the chat's input, Alt-Enter makes the input grow, Alt-A goes to the highlight
/// first, Ctrl-R finds Korean in the chat and Enter jumps there, `/me`, `/notify`, `/open`.
@MainActor
final class DailyAppTests: XCTestCase {
    private func lobbyScene() async throws -> (AppHarness, LocalCommunity) {
        let harness = try AppHarness()
        try await harness.service.signUpMember("dave", nickname: "Dave")
        let other = try harness.files.open(as: "mina")
        try await other.signUpMember("mina", nickname: "Mina")
        let marta = try harness.files.open(as: "marta")
        try await marta.signUpMember("marta", nickname: "Marta")
        let lobby = try await other.channel(named: "lobby").id
        _ = try await marta.send("hi all", to: lobby)
        _ = try await other.send("오늘 떡볶이 맛집 https://a.example/map", to: lobby)
        await harness.session.start()
        await harness.waitFor("current region")
        await harness.type("/join lobby")
        await harness.press(.enter)
        await harness.waitFor("떡볶이 맛집")
        return (harness, other)
    }

    private var inputLine: (AppHarness) -> String { { $0.frame().last { $0.contains("› ") } ?? "" } }

    func testTabCompletesAndCyclesInTheInputAndShiftTabGoesBack() async throws {
        let (harness, _) = try await lobbyScene()
        await harness.type("M")
        await harness.press(.tab)
        XCTAssertTrue(inputLine(harness).contains("› Mina:"), inputLine(harness))
        await harness.press(.tab)
        XCTAssertTrue(inputLine(harness).contains("› Marta:"), "the next speaker: \(inputLine(harness))")
        await harness.press(.backTab)
        XCTAssertTrue(inputLine(harness).contains("› Mina:"), harness.text)
        await harness.type("/jo")
        XCTAssertTrue(inputLine(harness).contains("Mina: /jo"), "typing ended the cycle")
        await harness.press(.control("u"))
        await harness.type("/jo")
        await harness.press(.tab)
        XCTAssertTrue(inputLine(harness).contains("› /join"))
        await harness.type(":tteok")
        await harness.press(.tab)
        XCTAssertTrue(inputLine(harness).contains("/join 🍡"))
        XCTAssertTrue(harness.text.contains("Tab complete"), "the status line names Tab's job")
    }

    /// Tab completes the channel's members, not only who spoke in what the chat loaded: Sora
    /// wrote once, 60 messages ago (out of the first page of 50), yet `So` + Tab reaches `Sora: `
    /// after Solbi, who spoke last and so comes first.
    func testTabCompletesAMemberWhoseWordsAreNotLoadedAfterTheRecentSpeaker() async throws {
        let harness = try AppHarness()
        try await harness.service.signUpMember("dave", nickname: "Dave")
        let sora = try harness.files.open(as: "sora")
        try await sora.signUpMember("sora", nickname: "Sora")
        let solbi = try harness.files.open(as: "solbi")
        try await solbi.signUpMember("solbi", nickname: "Solbi")
        let lobby = try await sora.channel(named: "lobby").id
        _ = try await sora.send("long ago", to: lobby)
        for number in 1...60 { _ = try await solbi.send("filler \(number)", to: lobby) }
        // Read already: a chat with unread messages would page back to its first unread.
        try await harness.service.markRead(lobby)
        await harness.session.start()
        await harness.waitFor("current region")
        await harness.type("/join lobby")
        await harness.press(.enter)
        await harness.waitFor("filler 60")
        XCTAssertFalse(harness.text.contains("long ago"), "Sora's words are out of the loaded page")

        await harness.type("So")
        await harness.press(.tab)
        XCTAssertTrue(inputLine(harness).contains("› Solbi:"), "the recent speaker first: \(inputLine(harness))")
        await harness.press(.tab)
        XCTAssertTrue(inputLine(harness).contains("› Sora:"), "then the member whose words are not loaded: \(harness.text)")
        await harness.press(.tab)
        XCTAssertTrue(inputLine(harness).contains("› Solbi:"), "and round again")
    }

    func testAltEnterGrowsTheInputAndEnterSendsTheLines() async throws {
        let (harness, other) = try await lobbyScene()
        await harness.type("first")
        await harness.press(.named(.enter, .alt))
        await harness.type("second")
        await harness.press(.control("j"))
        await harness.type("third")
        let lines = harness.frame()
        let first = try XCTUnwrap(lines.firstIndex { $0.contains("› first") })
        XCTAssertTrue(lines[first + 1].contains("second") && lines[first + 2].contains("third"), lines.joined(separator: "\n"))
        await harness.press(.enter)
        let lobby = try await other.channel(named: "lobby").id
        let stored = await eventually { (try? await other.latestMessages(in: lobby, limit: 1).messages.last?.content.summary) == "first\nsecond\nthird" }
        XCTAssertTrue(stored, "sent as one message of three lines")
    }

    func testCtrlRFindsKoreanInTheChatAndEnterJumpsToIt() async throws {
        let (harness, other) = try await lobbyScene()
        let lobby = try await other.channel(named: "lobby").id
        for index in 1...300 { _ = try await other.send("filler \(index)", to: lobby) }
        await harness.waitFor("filler 300", seconds: 30)
        await harness.press(.control("r"))
        await harness.waitFor("Search in lobby")
        await harness.type("맛집")
        await harness.press(.enter)
        await harness.waitFor("lobby · Mina")
        XCTAssertTrue(harness.text.contains("떡볶이 맛집"))
        await harness.press(.enter)
        await harness.waitUntil("the chat shows the message found, picked") { screen in
            !screen.contains("Search in") && screen.contains("떡볶이 맛집") && screen.contains("selecting")
        }
    }

    func testMeNotifyAndOpenInTheChat() async throws {
        let (harness, other) = try await lobbyScene()
        await harness.type("/me waves")
        await harness.press(.enter)
        await harness.waitFor("* Dave waves")
        await harness.type("/notify mute")
        await harness.press(.enter)
        await harness.waitFor("notify: muted")
        let lobby = try await other.channel(named: "lobby").id
        _ = try await other.send("look file:///etc/passwd and javascript:alert(1)", to: lobby)
        await harness.waitFor("javascript:alert")
        await harness.type("/open 2")
        await harness.press(.enter)
        await harness.waitFor("No link 2 (1–1)")
        await harness.press(.enter)
        harness.app.imageOpener = ["/nonexistent/opener"]
        await harness.press(.control("u"))
        await harness.type("/open 1")
        await harness.press(.enter)
        await harness.waitFor("/nonexistent/opener is not installed")
    }

    /// `o` on a picked message with a link opens that link with the opener (one argument, the
    /// address), as `/open` does; on a message without one it says nothing is there to open.
    func testOOnAPickedMessageOpensItsLink() async throws {
        let (harness, _) = try await lobbyScene()
        let folder = try TemporaryDirectory(prefix: "opener")
        let recorded = folder.file("opened.txt"), opener = folder.file("opener")
        try Data("#!/bin/sh\nprintf '%s\\n' \"$#\" \"$1\" > '\(recorded.path)'\n".utf8).write(to: opener)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: opener.path)
        harness.app.imageOpener = [opener.path]
        await harness.pickMessages()
        await harness.waitFor("selecting:")
        await harness.type("o")
        await harness.waitFor("opening https://a.example/map")
        let opened = await eventually { (try? String(contentsOf: recorded, encoding: .utf8)) == "1\nhttps://a.example/map\n" }
        XCTAssertTrue(opened, "the opener got the link alone: \(String(describing: try? String(contentsOf: recorded, encoding: .utf8)))")
        XCTAssertFalse(harness.text.contains("in the image viewer?"), "a link opens without a question")
    }

    func testAltAGoesToTheHighlightFirstAndTheStatusLineNamesADirectMessage() async throws {
        let (harness, other) = try await lobbyScene()
        await harness.press(.escape, .escape)
        await harness.waitUntil("the chat closed") { !$0.contains("› ") }
        let help = try await other.channel(named: "help").id
        _ = try await other.send("a question", to: help)
        let viewer = await harness.service.viewer()
        let dave = try XCTUnwrap(viewer.userID)
        _ = try await other.sendDirect("psst", to: dave)
        await harness.waitFor("new message from Mina · Alt-A")
        await harness.press(.alt("a"))
        await harness.waitFor("psst")
        await harness.press(.alt("a"))
        await harness.waitFor("# help")
        XCTAssertFalse(harness.text.contains("new message from Mina"), "seen")
    }

    /// SGR mouse reports as a terminal sends them: a click on a tab opens it, the wheel scrolls
    /// the chat back and forth; a report under an alert is dropped.
    func testAClickOpensATabAndTheWheelScrollsTheChat() async throws {
        let (harness, other) = try await lobbyScene()
        let lobby = try await other.channel(named: "lobby").id
        for index in 1...60 { _ = try await other.send("line \(index)", to: lobby) }
        await harness.waitFor("line 60")
        await harness.type("\u{1B}[<64;60;10M\u{1B}[<64;60;10M")
        await harness.waitUntil("the wheel scrolled back") { $0.contains("more below") && !$0.contains("line 60") }
        await harness.type("\u{1B}[<65;60;10M\u{1B}[<65;60;10M")
        await harness.waitFor("line 60")
        await harness.press(.escape, .escape)
        await harness.waitFor("3 Direct")
        let row = try XCTUnwrap(harness.frame().firstIndex { $0.contains("3 Direct") })
        let column = try XCTUnwrap(harness.frame()[row].range(of: "3 Direct")).lowerBound.utf16Offset(in: harness.frame()[row])
        await harness.type("\u{1B}[<0;\(column + 2);\(row + 1)M\u{1B}[<0;\(column + 2);\(row + 1)m")
        await harness.waitFor("Find")
    }
}
